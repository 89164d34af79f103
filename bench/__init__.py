"""Tenbō's benchmarks (`make bench`): what they time and how, kept apart from the packages that
ship (`scoring`, `quizsite`), which never import them. docs/benchmarks.md says what each one
measures and how to compare today's commit with an older one."""
