"""The quiz stores no answers of its own: every answer is a row of practice's `Response` (see
`practice.public.record` and `session_history`), the one store the quiz's session progress,
practice and the progress page all read. Its former `Answer` table is dropped by migration
0002 (each of its answers had been stored as a `Response` as well)."""
