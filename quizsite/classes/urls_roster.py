urlpatterns: list[object] = []  # the roster's pages
