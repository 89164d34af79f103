from django.apps import AppConfig


class QuizConfig(AppConfig):
    name = "quizsite.quiz"
    label = "quiz"
    verbose_name = "Quiz"
