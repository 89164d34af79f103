"""The database cache's table (`settings.CACHE_TABLE`): the rate limits count in it, so a
database made by `migrate` alone serves every page, with no `createcachetable` to forget.

Django's own `createcachetable` builds it (nothing happens when the table exists already, as on
a database set up before this migration). It is made even when REDIS_URL puts the cache in
Redis: an empty table costs nothing, and the site keeps working if Redis is later dropped.
"""

from io import StringIO

from django.conf import settings
from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations


def create_cache_table(apps, schema_editor):
    command = CreateCacheTable(stdout=StringIO(), stderr=StringIO())
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, settings.CACHE_TABLE, dry_run=False)


def drop_cache_table(apps, schema_editor):
    quoted = schema_editor.quote_name(settings.CACHE_TABLE)
    schema_editor.execute(f"DROP TABLE IF EXISTS {quoted}")


class Migration(migrations.Migration):
    dependencies: list[tuple[str, str]] = []

    operations = [migrations.RunPython(create_cache_table, drop_cache_table, elidable=False)]
