"""The class tests' set-up: the live server's listen queue raised as for the drills' 200
students (set there, before the session's live server binds)."""

import tests.drills.conftest  # noqa: F401
