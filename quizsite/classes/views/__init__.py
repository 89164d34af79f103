"""The classes' pages, one module per concern: `roster.py` (a new class, joining, the
members, sign-in for the members the instructor adds, co-instructors, the work set) and
`reports.py` (the class page, a member's page, the weakest topics, the CSV)."""
