from django.apps import AppConfig


class LearnConfig(AppConfig):
    name = "quizsite.learn"
    label = "learn"
    verbose_name = "The learner's reference"
