"""The hasher for added students' PINs: Django's PBKDF2 with fewer rounds.

A PIN has a few digits, so no number of rounds keeps it from someone holding the hash (ten
thousand tries); what guards it is the sign-in's limit on tries. The rounds a password gets
(a quarter of a second each) would make adding a class of 200 students take a minute, so a
PIN gets fewer: it is still never stored as typed. Listed after the site's password hashers
(settings.PASSWORD_HASHERS), so passwords keep theirs.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class PinHasher(PBKDF2PasswordHasher):
    algorithm = "pbkdf2_sha256_pin"
    iterations = 20_000
