"""The generated parts of the pages, as MyST Markdown: each function takes the build's :class:`SiteData` and returns
text that replaces a ``<!-- dm:NAME ARG -->`` marker (or fills a generated page)."""

from __future__ import annotations

import re
from collections import Counter

from .data import SiteData, example_anchor, option_anchor, rule_anchor
from .md import code, directive, esc, esc_part, fence, ref, role, slug, table

STATUS_TEXT = {"passed": "passed", "failed": "failed", "skipped": "skipped", "not run": "not run",
               "no scenario": "no scenario"}


def badge(status: str, text: str | None = None) -> str:
    """A coloured status badge: {dm-badge}`passed` (the class follows the status; the text may differ)."""
    text = text or STATUS_TEXT.get(status, status)
    if text == status:
        return role("dm-badge", text)
    return role("dm-badge", text, status)


def rule_link(data: SiteData, rule_id: str, text: str | None = None) -> str:
    rule = data.catalog.rules[rule_id]
    return ref(rule_anchor(rule_id), text or rule.title)


def id_link(data: SiteData, rule_id: str) -> str:
    """A rule ID shown as code and linked to the rule's anchor."""
    if rule_id in data.catalog.rules:
        return ref(rule_anchor(rule_id), rule_id)
    if rule_id in data.catalog.options:
        return ref(option_anchor(rule_id), rule_id)
    return code(rule_id)


# --- rule text with glossary links ---------------------------------------------------------------------------------
def _term_pattern(names: list[str]) -> re.Pattern | None:
    if not names:
        return None
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w+-])({alts})(s|es)?(?![\w+-])", re.IGNORECASE)


def term_names(data: SiteData, exclude: str | None = None) -> dict:
    """Lower-case rulebook name → Term, for every glossary term (but ``exclude``)."""
    return {t.term.lower(): t for t in data.catalog.terms if t.term != exclude}


def rule_terms(data: SiteData, rule) -> dict:
    """The terms a rule lists, by the name it lists them under and by their rulebook name."""
    index = data.term_index()
    known = {}
    for t in rule.terms:
        term = index.get(t.lower())
        if term is not None:
            known[t.lower()] = term
            known[term.term.lower()] = term
    return known


def linkify(data: SiteData, text: str, known: dict | None = None) -> str:
    """``text`` escaped, with the first mention of each term of ``known`` (lower-case name → Term; default: every
    glossary term by its rulebook name) linked to its glossary entry."""
    index = known if known is not None else term_names(data)
    pattern = _term_pattern(list(index))
    if pattern is None:
        return esc(text)
    out, pos, seen = [], 0, set()
    for m in pattern.finditer(text):
        term = index[m.group(1).lower()]
        if term.term in seen:
            continue
        seen.add(term.term)
        out.append(esc_part(text[pos:m.start()]))
        out.append(role("term", m.group(0), term.term))
        pos = m.end()
    out.append(esc_part(text[pos:]))
    return "".join(out).strip()


# --- scenarios -------------------------------------------------------------------------------------------------------
def _step_text(text: str) -> str:
    parts = re.split(r"(<[^<>]+>)", text)
    out = []
    for p in parts:
        if re.fullmatch(r"<[^<>]+>", p):
            out.append(role("dm-ph", p[1:-1]))
        elif p:
            out.append(esc_part(p))
    return "".join(out).strip()


def _steps(steps) -> str:
    lines = []
    for s in steps:
        lines.append(f"- **{esc(s.keyword)}** {_step_text(s.text)}")
        if s.table:
            lines.append("")
            lines += ["  " + ln for ln in table(list(s.table[0]), [list(r) for r in s.table[1:]]).splitlines()]
            lines.append("")
        if s.docstring is not None:
            lines.append("")
            lines += ["  " + ln for ln in fence(s.docstring).splitlines()]
            lines.append("")
    return "\n".join(lines)


def scenario_anchor(spec) -> str:
    """The label of a scenario's proof: ``proof-`` + its feature file and its name (unique within a feature)."""
    feature = spec.feature_file.removeprefix("features/").removesuffix(".feature")
    return "proof-" + slug(f"{feature} {spec.name}")[:90]


def render_scenario(data: SiteData, spec, colons: int = 4) -> str:
    status = data.status(spec)
    where = [code(spec.key), f"Feature *{esc(spec.feature_name)}*"]
    if spec.rule_block:
        where.append(f"Rule *{esc(spec.rule_block)}*")
    parts = [" · ".join(where)]
    if spec.description:
        parts.append(esc(spec.description))
    if spec.background:
        parts.append("*Background:*\n\n" + _steps(spec.background))
    parts.append(_steps(spec.steps))
    for i, ex in enumerate(spec.examples):
        title = "Examples" if len(spec.examples) == 1 else f"Examples ({i + 1})"
        parts.append(f"*{title}:*\n\n" + table(list(ex[0]), [list(r) for r in ex[1:]]))
    others = [rid for rid in spec.rule_ids if rid in data.catalog.rules]
    if len(others) > 1:
        parts.append("*Proves:* " + ", ".join(id_link(data, r) for r in others))
    title = f"{badge(status)} {esc(spec.keyword)}: {esc(spec.name)}"
    return f"({scenario_anchor(spec)})=\n" + directive(
        "admonition", title, "\n\n".join(parts), {"class": f"dm-scenario dm-status-{status.replace(' ', '-')}"},
        colons)


def home_rule(data: SiteData, spec) -> str | None:
    """The rule under which a scenario is shown in full: the first active rule it proves, in catalog order; every
    other rule it proves links to it there."""
    homes = getattr(data, "_homes", None)
    if homes is None:
        order = {rid: i for i, rid in enumerate(data.catalog.rules)}
        homes = {}
        for f in data.features:
            for s in f.scenarios:
                ids = [r for r in s.rule_ids if r in order and not data.catalog.rules[r].is_withdrawn]
                homes[s.key] = min(ids, key=order.__getitem__) if ids else None
        data._homes = homes
    return homes.get(spec.key)


# --- rules ------------------------------------------------------------------------------------------------------------
def _terms_line(data: SiteData, rule) -> str:
    index = data.term_index()
    shown = []
    for t in rule.terms:
        term = index.get(t.lower())
        if term is None:
            shown.append(esc(t))
            continue
        s = role("term", t, term.term)
        if term.synonyms:
            s += " (players say: " + ", ".join(f"“{esc(x)}”" for x in term.synonyms) + ")"
        shown.append(s)
    return "**Terms:** " + "; ".join(shown)


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")


def ruling_line(text: str) -> tuple[str, str]:
    """A rule's text split into its ruling (the first sentence) and the rest."""
    text = " ".join(text.split())
    parts = _SENTENCE.split(text, maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def proof_summary(data: SiteData, rule_id: str) -> str:
    specs = data.by_rule.get(rule_id, [])
    counts = Counter(data.status(s) for s in specs)
    n = len(specs)
    return (f"show the proof — {n} scenario{'s' if n != 1 else ''}: "
            + ", ".join(f"{c} {st}" for st, c in sorted(counts.items())))


def render_rule(data: SiteData, rule, level: int) -> str:
    h = "#" * level
    status = data.rule_status(rule.id)
    specs = data.by_rule.get(rule.id, [])
    out = [*(f"({rule_anchor(a)})=" for a in data.catalog.aliases_of(rule.id)),  # a former ID's permalink
           f"({rule_anchor(rule.id)})=", f"{h} {esc(rule.title)}", ""]
    index_words = []
    index = data.term_index()
    for t in rule.terms:
        term = index.get(t.lower())
        index_words += [t] + (list(term.synonyms) if term else [])
    index_words = list(dict.fromkeys(index_words))
    out.append(fence("\n".join(index_words), f"{{dm-rule-index}} {rule.id}"))
    out.append("")
    proven = data.is_proven(rule.id)
    head = badge(status, "proven" if proven and status == "passed" else None)
    if rule.is_withdrawn:
        out.append(directive("warning", "", "This rule is withdrawn: " + esc(rule.withdrawn)))
        out.append("")
    known = rule_terms(data, rule)
    first, rest = ruling_line(rule.text)
    out.append(directive("container", "dm-ruling", linkify(data, first, known)))
    out.append("")
    if rest:
        out.append(linkify(data, rest, known))
        out.append("")
    out.append(f"{head} {code(rule.id)} · rulebook: *{esc(rule.section)}*")
    out.append("")
    meta = []
    more = []  # collapsed: how players ask it, the terms (with the players' words for them) and the related rules
    if rule.asked:
        answers = dict(rule.yes_no)  # a yes/no question's answer, where the catalog gives it
        more.append("**How players ask it:** " + " · ".join(
            f"“{esc(q)}”" + (f" ({answers[q]})" if q in answers else "") for q in rule.asked))
    if rule.terms:
        more.append(_terms_line(data, rule))
    related = data.related_rules(rule)
    if related:
        more.append("**Related rules:** " + " · ".join(rule_link(data, rid) for rid, _ in related[:6]))
    opts = [o for o in data.catalog.options.values() if rule.id in o.rules]
    if opts:
        meta.append("**Assumptions and interpretations:** " + " · ".join(
            f"{ref(option_anchor(o.name), o.title)} (default {code(o.default)})" for o in opts))
    from .plays import plays_for_rule

    played = plays_for_rule(rule.id)
    if played:
        meta.append("**What happens when…:** " + " · ".join(ref(label, title) for label, title in played))
    if more:
        what = ", ".join(x for x, ok in (("how players ask it", rule.asked), ("terms", rule.terms),
                                          ("related rules", related)) if ok)
        meta.append(directive("dm-details", what, "\n\n".join(more), {"class": "dm-more"}, 4))
    if meta:
        out.append(directive("container", "dm-rule-meta", "\n\n".join(meta), colons=5))
        out.append("")
    if rule.is_withdrawn:
        return "\n".join(out)
    if specs:
        body = []
        for s in specs:
            home = home_rule(data, s)
            if home == rule.id or home is None:
                body.append(render_scenario(data, s))
            else:
                body.append(f"- {badge(data.status(s))} {esc(s.keyword)}: "
                            f"{ref(scenario_anchor(s), s.name.replace('<', '‹').replace('>', '›'))} — shown under "
                            f"{rule_link(data, home)}")
            body.append("")
        out.append(directive("dm-details", proof_summary(data, rule.id), "\n".join(body),
                             {"class": "dm-proof"}, 5))
        out.append("")
    else:
        out.append(directive("admonition", f"{badge('no scenario')} No scenario proves this rule yet",
                             "The specification has no scenario tagged with "
                             f"{code('@rule:' + rule.id)}.", {"class": "dm-scenario dm-status-no-scenario"}))
        out.append("")
    return "\n".join(out)


def render_area_rules(data: SiteData, area_name: str, level: int) -> str:
    area = next((a for a in data.catalog.areas if a.name == area_name), None)
    if area is None:
        return directive("note", "", "No rules are catalogued for this area yet "
                         f"({code(f'solver/catalog/{area_name}.yaml')} is not there).")
    rules = data.catalog.rules_in(area_name)
    proven = sum(1 for r in rules if not r.is_withdrawn and data.is_proven(r.id))
    active = sum(1 for r in rules if not r.is_withdrawn)
    opts = sum(1 for o in data.catalog.options.values() if o.area == area_name)
    if active:
        head = f"{proven} of {active} rules of this area have a passing scenario in this build."
    else:
        head = (f"This area has no rules of its own: it holds {opts} assumptions and interpretations, listed below, "
                "that other rules rely on.")
    out = [head + (f" Source: {cite(esc(area.source.rstrip('.')))}." if area.source else ""), ""]
    for topic, title in area.topics:
        in_topic = [r for r in rules if r.topic == topic]
        if not in_topic:
            continue
        out += [f"{'#' * level} {esc(title)}", ""]
        for r in in_topic:
            out += [render_rule(data, r, level + 1), ""]
    return "\n".join(out)


def area_page(data: SiteData, area_name: str) -> str:
    area = next(a for a in data.catalog.areas if a.name == area_name)
    out = [f"# {esc(area.title)}", ""]
    out.append(render_area_rules(data, area_name, 2))
    opts = [o for o in data.catalog.options.values() if o.area == area_name]
    if opts:
        out += ["## Assumptions and interpretations of this area", ""]
        out += [f"- {ref(option_anchor(o.name), o.title)} ({code(o.name)}, default {code(o.default)})"
                for o in opts]
    return "\n".join(out)


# --- coverage -------------------------------------------------------------------------------------------------------
def coverage(data: SiteData) -> str:
    specs = [s for f in data.features for s in f.scenarios]
    counts = Counter(data.status(s) for s in specs)
    active = [r for r in data.catalog.active_rules()]
    unproven = [r for r in active if not data.is_proven(r.id)]
    res = data.results
    out = []
    if res.generated:
        out.append(f"Scenario results from the run of {esc(res.generated)} (commit {code(res.commit or '?')}).")
    else:
        out.append("No results file (`build/spec-results.json`): the specification has not been run before this "
                   "build, so every scenario shows *not run*.")
    out += ["", table(["", "Count"], [
        ["Feature files", str(len(data.features))], ["Scenarios", str(len(specs))],
        *[[k, str(counts.get(k, 0))] for k in ("passed", "failed", "skipped", "not run") if counts.get(k) or
          k in ("passed", "failed")],
        ["Active rules", str(len(active))], ["Rules with a passing scenario", str(len(active) - len(unproven))],
    ]), ""]
    if unproven:
        body = "\n".join(f"- {badge(data.rule_status(r.id))} {id_link(data, r.id)} — {esc(r.title)}"
                         for r in unproven)
        out += [directive("admonition", f"{len(unproven)} rule{'s' if len(unproven) != 1 else ''} with no "
                          "passing scenario", body, {"class": "dm-unproven error"}), ""]
    else:
        out += [directive("admonition", "Every catalogued rule has a passing scenario", "Nothing stands out.",
                          {"class": "dm-all-proven tip"}), ""]
    out += ["## Rules × scenarios", ""]
    for area in data.catalog.areas:
        rules = [r for r in data.catalog.rules_in(area.name) if not r.is_withdrawn]
        if not rules:
            continue
        proven = sum(1 for r in rules if data.is_proven(r.id))
        out += [f"### {esc(area.title)}", "", f"{proven} of {len(rules)} rules proven.", ""]
        rows = []
        for r in rules:
            sc = data.by_rule.get(r.id, [])
            cells = "<br>".join(f"{badge(data.status(s))} {esc(s.name)} ({code(s.key)})" for s in sc) or "—"
            st = data.rule_status(r.id)
            mark = badge("passed", "proven") if data.is_proven(r.id) else badge(
                "failed" if st == "failed" else "no scenario", "NOT PROVEN")
            rows.append([id_link(data, r.id), esc(r.title), cells, mark])
        out += [_html_br_table(["Rule", "Title", "Scenarios", "Status"], rows), ""]
    out += ["## Feature files", ""]
    rows = []
    for f in data.features:
        c = Counter(data.status(s) for s in f.scenarios)
        rows.append([code(f.file), esc(f.name), str(len(f.scenarios)),
                     " ".join(badge(k, f"{v} {k}") for k, v in sorted(c.items()))])
    out += [table(["File", "Feature", "Scenarios", "Status"], rows, escaped=True), ""]
    untagged = [s for s in specs if not s.rule_ids]
    if untagged:
        out += ["Scenarios that name no rule: " + ", ".join(code(s.key) for s in untagged), ""]
    return "\n".join(out)


def _html_br_table(header, rows) -> str:
    """A list-table of Markdown cells; a cell holding ``<br>``-separated items becomes a list."""
    def fmt(c: str) -> str:
        if "<br>" not in c:
            return c
        items = c.split("<br>")
        return ("- " + items[0] + "".join("\n    - " + it for it in items[1:]))

    lines = ["* - " + header[0]] + ["  - " + h for h in header[1:]]
    for r in rows:
        lines.append("* - " + fmt(r[0]))
        lines += ["  - " + fmt(c) for c in r[1:]]
    return "```{list-table}\n:header-rows: 1\n:class: dm-coverage\n\n" + "\n".join(lines) + "\n```"


# --- glossary --------------------------------------------------------------------------------------------------------
def glossary_letters(data: SiteData) -> str:
    """An A–Z bar: each letter links to the first term that starts with it."""
    first: dict[str, str] = {}
    for t in sorted(data.catalog.terms, key=lambda t: t.term.lower()):
        first.setdefault(t.term[:1].upper(), t.term)
    return "Jump to: " + " · ".join(role("term", letter, term) for letter, term in first.items() if letter.isalnum())


def glossary(data: SiteData) -> str:
    terms = sorted(data.catalog.terms, key=lambda t: t.term.lower())
    if not terms:
        return "The glossary (`solver/catalog/glossary.yaml`) is empty."
    used = {t.lower() for r in data.catalog.rules.values() for t in r.terms}
    index = data.term_index()
    missing = sorted({t for r in data.catalog.rules.values() for t in r.terms if t.lower() not in index})
    out = [f"{len(terms)} terms, with the words players use for them. Every term a rule lists is here"
           + (", except: " + ", ".join(code(m) for m in missing) if missing else "") + ".", ""]
    entries = []
    for t in terms:
        body = [linkify(data, t.definition, term_names(data, exclude=t.term))]
        if t.synonyms:
            body.append("*Players also say:* " + ", ".join(f"“{esc(s)}”" for s in t.synonyms))
        rids = data.rules_of_term(t)
        if rids:
            body.append("*Rules:* " + ", ".join(f"{rule_link(data, r)} ({code(r)})" for r in rids))
        elif t.term.lower() not in used:
            body.append("*No rule lists this term yet.*")
        text = "\n\n".join(body)
        entries.append(t.term + "\n" + "\n".join("  " + ln if ln else "" for ln in text.splitlines()))
    out.append("```{glossary}\n:sorted:\n\n" + "\n\n".join(entries) + "\n```")
    return "\n".join(out)


# --- assumptions -----------------------------------------------------------------------------------------------------
def assumptions(data: SiteData) -> str:
    opts = list(data.catalog.options.values())
    pins = data.option_pins()
    kinds = Counter(o.kind for o in opts)
    out = [f"{len(opts)} named settings: {kinds.get('assumption', 0)} assumptions and "
           f"{kinds.get('interpretation', 0)} interpretation options.", ""]
    glance = table(["Name", "Kind", "Title", "Default", "Pinned by"], [
        [ref(option_anchor(o.name), o.name), o.kind, esc(o.title), code(o.default),
         str(len({id(s) for _, s in pins[o.name]}))] for o in opts], escaped=True)
    out += [directive("dm-details", f"all {len(opts)} settings in one table", glance, {"class": "dm-glance"}), ""]
    for area in data.catalog.areas:
        in_area = [o for o in opts if o.area == area.name]
        if not in_area:
            continue
        out += [f"## {esc(area.title)}", ""]
        for o in in_area:
            out += [render_option(data, o, pins[o.name]), ""]
    return "\n".join(out)


def render_option(data: SiteData, o, pins) -> str:
    out = [*(f"({option_anchor(a)})=" for a in data.catalog.aliases_of(o.name)),  # a former name's permalink
           f"({option_anchor(o.name)})=", f"### {esc(o.title)}", ""]
    out += [f"{badge('kind-' + o.kind, o.kind)} {code(o.name)}", ""]
    out += [linkify(data, o.text), ""]
    rows = [[code(k) + (" " + badge("passed", "default") if k == o.default else ""), esc(v)]
            for k, v in o.choices.items()]
    out += [table(["Setting", "Meaning"], rows, escaped=True), ""]
    out += [f"**Grounds:** {cite(esc(o.grounds))}", ""]
    if o.asked:
        out += [directive("dm-details", "how players ask it", " · ".join(f"“{esc(q)}”" for q in o.asked),
                          {"class": "dm-asked"}), ""]
    if o.rules:
        out += ["**Rules it concerns:** " + ", ".join(f"{rule_link(data, r)} ({code(r)})" for r in o.rules), ""]
    other = next((k for k in o.choices if k != o.default), o.default)
    switch = ["In a state file:", "", fence(f"options:\n  {o.name}: {other}", "yaml"), "",
              "or on the command line, for one question:", "",
              fence(f"deepmadness QUESTION STATE.yaml --option {o.name}={other}", "console")]
    out += [directive("dm-details", "how to switch it", "\n".join(switch), {"class": "dm-switch"}), ""]
    if pins:
        rows = []
        for setting, spec in pins:
            rows.append([code(setting) if setting != "?" else "(named, no setting)",
                         f"{esc(spec.keyword)}: {esc(spec.name)}", code(spec.key), badge(data.status(spec))])
        body = [table(["Setting", "Scenario", "Where", "Status"], rows, escaped=True), ""]
        pinned = {s for s, _ in pins}
        unpinned = [k for k in o.choices if k not in pinned]
        if unpinned:
            body += ["No scenario pins " + ", ".join(code(k) for k in unpinned)
                     + (" (the default: every scenario that names no setting runs with it)."
                        if unpinned == [o.default] else "."), ""]
        n = len({s.key for _, s in pins})
        out += [directive("dm-details", f"the scenarios that pin it ({n})", "\n".join(body), {"class": "dm-pins"}),
                ""]
    else:
        out += [f"**Scenarios that pin it:** none; every scenario runs with the default, {code(o.default)}.", ""]
    return "\n".join(out)


def cite(escaped: str) -> str:
    """Escaped text with each mention of our base-game facts linked to the page that publishes them."""
    return escaped.replace("BASE-GAME-FACTS", "{doc}`the base-game facts </base-game-facts>`")


# --- command line -----------------------------------------------------------------------------------------------------
def cli(data: SiteData) -> str:
    out = []
    parser = data.parser
    if parser is None:
        out += [directive("note", "", esc(data.missing.get("cli", "The command line is not there yet."))), ""]
    else:
        import argparse

        parser.prog = "deepmadness"
        out += [fence(parser.format_help(), "text"), ""]
        out += _arguments(parser, "deepmadness")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help for a in action._choices_actions}
                for name, sub in action.choices.items():
                    if sub.prog.split()[-1] != name:
                        continue  # an alias
                    out += [f"## `deepmadness {name}`", ""]
                    if helps.get(name):
                        out += [esc(helps[name]), ""]
                    out += [fence(sub.format_help(), "text"), ""]
                    out += _arguments(sub, name)
                    exs = [e for e in data.examples if e.question == name]
                    if exs:
                        out += ["Worked examples: " + ", ".join(
                            ref(example_anchor(e.stem), e.title or e.stem) for e in exs), ""]
    out += ["## Questions", ""]
    if data.questions:
        rows = []
        for q in sorted(data.questions.values(), key=lambda q: q.name):
            exs = [e for e in data.examples if e.question == q.name]
            rows.append([code(q.name), esc(q.help), ", ".join(q.scenarios) or "every scenario",
                         ", ".join(code(p.name) for p in q.params) or "—",
                         ", ".join(ref(example_anchor(e.stem), e.stem) for e in exs) or "—"])
        out += [table(["Question", "What it answers", "Scenarios", "Parameters", "Examples"], rows, escaped=True)]
    else:
        out += ["No question is registered yet (`solver.questions`)."]
    return "\n".join(out)


def _arguments(parser, name: str) -> list[str]:
    rows = []
    for a in parser._actions:
        if a.help == "==SUPPRESS==" or a.__class__.__name__ in ("_HelpAction", "_SubParsersAction"):
            continue
        flags = ", ".join(a.option_strings) or a.dest
        default = "" if a.default in (None, False, "==SUPPRESS==") else str(a.default)
        choices = ", ".join(str(c) for c in a.choices) if a.choices else ""
        rows.append([code(flags), esc(a.help or ""), code(default) if default else "",
                     esc(choices) if choices else ""])
    if not rows:
        return []
    return [table(["Argument", "Meaning", "Default", "Choices"], rows, escaped=True), ""]


# --- the index ---------------------------------------------------------------------------------------------------------
def toctree(data: SiteData, srcdir, single: bool = False) -> str:
    """The site's table of contents: the rules and the scenarios for players, then reference pages, then the
    project's own pages (a page that is not there yet is left out)."""
    from pathlib import Path

    have = lambda page: (Path(srcdir) / f"{page}.md").exists()  # noqa: E731
    rules_pages = [f"rules/{a.name}" for a in data.catalog.areas if data.page_of_area(a.name).startswith("rules/")]
    scen_pages = [f"scenarios/{s}" for s in data.scenarios]
    # the Table page runs the solver in the browser: the single page leaves it out
    ref_pages = [p for p in ("table", "plays", "glossary", "assumptions", "base-game-facts", "state-files", "cli",
                             "offline")
                 if have(p) and not (single and p == "table")]
    project = [p for p in ("coverage", "performance", "about-this-build") if have(p)]

    def tree(caption: str, pages: list[str]) -> str:
        return f"```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n\n" + "\n".join(pages) + "\n```"

    return "\n\n".join([tree("Scenarios", scen_pages), tree("Rules", rules_pages), tree("Reference", ref_pages),
                         tree("Project", project)])


def overview(data: SiteData) -> str:
    specs = [s for f in data.features for s in f.scenarios]
    counts = Counter(data.status(s) for s in specs)
    active = list(data.catalog.active_rules())
    proven = sum(1 for r in active if data.is_proven(r.id))
    rows = []
    for a in data.catalog.areas:
        rules = [r for r in data.catalog.rules_in(a.name) if not r.is_withdrawn]
        p = sum(1 for r in rules if data.is_proven(r.id))
        page = data.page_of_area(a.name)
        opts = sum(1 for o in data.catalog.options.values() if o.area == a.name)
        rows.append([role("doc", a.title, "/" + page), str(len(rules)) if rules else "none of its own",
                     f"{p}/{len(rules)}" if rules else f"— ({opts} assumptions)"])
    out = [table(["Area", "Rules", "Proven"], rows, escaped=True), "",
           f"{len(active)} rules, {proven} proven by a passing scenario; {len(specs)} scenarios: "
           + ", ".join(f"{counts.get(k, 0)} {k}" for k in ("passed", "failed", "not run")) + ". "
           + f"{len(data.catalog.options)} assumptions and interpretation options, {len(data.catalog.terms)} "
           "glossary terms. See the " + role("doc", "coverage page", "/coverage") + "."]
    if data.missing:
        out += ["", "Not there yet in this build:", ""]
        out += [f"- {esc(v)}" for v in data.missing.values()]
    return "\n".join(out)


def build_stamp(data: SiteData) -> str:
    res = data.results
    run = f"scenario results from the run of {res.generated} (commit {res.commit})" if res.generated else \
        "no scenario results file (nothing was run before this build)"
    dirty = " with uncommitted changes" if data.dirty else ""
    return f"Built {data.built} from commit {data.commit}{dirty}; {run}."
