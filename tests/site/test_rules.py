from scoring.engine.rules import PRESETS, SWITCHES
from tests.helpers import text_of


def test_it_lists_every_preset_with_its_source_and_notes(client):
    text = text_of(client.get("/rules/"))
    for preset in PRESETS.values():
        assert preset.title in text
        assert preset.source in text
        for note in preset.notes:
            assert note in text


def test_it_explains_every_switch(client):
    text = text_of(client.get("/rules/"))
    for switch in SWITCHES.values():
        assert switch.name in text and switch.meaning in text


def test_it_marks_what_differs_from_the_default(client):
    html = client.get("/rules/").content.decode()
    row = html[html.index("<code>kiriage</code>") :].split("</tr>")[0]
    # off for Mahjong Soul, Tenhou and the EMA; on for the M-League and the WRC
    assert row.count('class="differs"') == 2


def test_it_links_each_preset_to_its_table(client):
    html = client.get("/rules/").content.decode()
    for name in PRESETS:
        assert f'href="/table/?rules={name}"' in html


def test_it_shows_every_table_rule_and_each_presets_sources(client):
    from scoring.engine.rules import TABLE_SWITCHES

    text = text_of(client.get("/rules/"))
    for switch in TABLE_SWITCHES.values():
        assert switch.meaning in text
    for preset in PRESETS.values():
        for source in preset.table_sources:
            assert source in text


def test_it_shows_table_values_as_a_player_reads_them(client):
    html = client.get("/rules/").content.decode()
    row = html[html.index("<code>uma</code>") :].split("</tr>")[0]
    assert "+20/+10/−10/−20" in row and "+30/+10/−10/−30" in row
    row = html[html.index("<code>multiple_ron</code>") :].split("</tr>")[0]
    assert "head bump" in row
