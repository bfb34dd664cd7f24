"""Append-only events, enforced by PostgreSQL itself: a trigger refuses every
UPDATE and DELETE on replays_gameevent (SQLState 55000 / "object not in
prerequisite state"). Only on the postgresql vendor; elsewhere a no-op.
"""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION replays_gameevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'replays_gameevent is append-only: % refused', TG_OP
        USING ERRCODE = '55000';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS replays_gameevent_append_only ON replays_gameevent;
CREATE TRIGGER replays_gameevent_append_only
    BEFORE UPDATE OR DELETE ON replays_gameevent
    FOR EACH ROW EXECUTE FUNCTION replays_gameevent_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS replays_gameevent_append_only ON replays_gameevent;
DROP FUNCTION IF EXISTS replays_gameevent_append_only();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("replays", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
