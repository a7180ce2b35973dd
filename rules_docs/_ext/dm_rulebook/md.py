"""Writing MyST Markdown safely from data: every piece of text from a YAML or feature file goes through ``esc``."""

from __future__ import annotations

import re

_INLINE = re.compile(r"([\\`*_{}\[\]<>|~$&!])")  # what means something anywhere in a line
_LINE_START = re.compile(r"^([#>%:=+-]|\d+(?=[.)]))")  # what means something only at the start of a line


def esc(text: object) -> str:
    """Text that Markdown shows as it is: the punctuation that could mean something is backslash-escaped
    (CommonMark allows escaping any ASCII punctuation), and line breaks become spaces. Only what needs it is
    escaped: every escape is a node of its own to the parser, and the pages are long."""
    s = _INLINE.sub(r"\\\1", " ".join(str(text).split()))
    m = _LINE_START.match(s)
    if m:
        s = s[:m.end()] + "\\" + s[m.end():] if m.group(1)[0].isdigit() else "\\" + s
    return s


def esc_part(text: str) -> str:
    """``esc`` for a piece of a longer line: a space at either end is kept (as one space)."""
    if not text.strip():
        return " " if text else ""
    return (" " if text[0].isspace() else "") + esc(text) + (" " if text[-1].isspace() else "")


def cell(text: object) -> str:
    """A table cell: escaped text (``|`` included)."""
    s = esc(text)
    return s if s else " "


def code(text: object) -> str:
    """Inline code: the fence is longer than any run of backticks inside."""
    s = str(text)
    n = max((len(m) for m in re.findall(r"`+", s)), default=0) + 1
    fence = "`" * n
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def role(name: str, text: str, target: str | None = None) -> str:
    """A role such as {term}`shown <target>`; ``text`` and ``target`` must hold no backtick."""
    body = f"{_role_text(text)} <{target}>" if target is not None else text
    return f"{{{name}}}`{body}`"


def _role_text(text: str) -> str:
    return text.replace("<", "\\<").replace(">", "\\>")


def ref(label: str, text: str) -> str:
    return role("ref", text, label)


def table(header: list[str], rows: list[list[str]], *, escaped: bool = False) -> str:
    """A pipe table; cells are escaped unless ``escaped`` says they already are Markdown."""
    fix = (lambda c: c if c.strip() else " ") if escaped else cell
    lines = ["| " + " | ".join(fix(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(fix(c) for c in r) + " |")
    return "\n".join(lines)


def fence(content: str, lang: str = "text", ticks: int = 3) -> str:
    n = max(ticks, max((len(m) for m in re.findall(r"`{3,}", content)), default=0) + 1)
    f = "`" * n
    return f"{f}{lang}\n{content.rstrip()}\n{f}"


def directive(name: str, arg: str = "", body: str = "", options: dict[str, str] | None = None,
              colons: int = 3) -> str:
    """A colon-fenced directive (MyST ``colon_fence``); nest by giving the outer one more colons."""
    f = ":" * colons
    opts = "".join(f":{k}: {v}\n" for k, v in (options or {}).items())
    return f"{f}{{{name}}} {arg}".rstrip() + "\n" + opts + "\n" + body.rstrip() + f"\n{f}"


def raw_html(html: str) -> str:
    return fence(html, "{raw} html")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
