from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "quizsite.accounts"
    label = "accounts"
