"""What a question means (solver.ask.vectors): BERT's word pieces, the packaged vectors, the file format and the
share of the ranking that reads them."""
from __future__ import annotations

import json
import math
import struct
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solver.ask.rank as rank_module
from solver.ask import Asker
from solver.ask.vectors import (MAGIC, VECTORS, Vectors, _any_words, _words, cosine, digest, header, load_vectors,
                                 write)
from solver.spec import Results


# --- words and pieces ---------------------------------------------------------------------------------------------
def test_words_are_cut_as_berts_basic_tokenizer_cuts_them():
    assert _words("Can't Lisbeth's (fire) hit 2 figures?") == \
        ["can", "'", "t", "lisbeth", "'", "s", "(", "fire", ")", "hit", "2", "figures", "?"]
    assert _words("Café NAÏVE  über") == ["cafe", "naive", "uber"]  # accents dropped, lower case
    assert _words("a\x00b\x0bc\td") == ["abc", "d"]  # control characters dropped, tab a space
    assert _words("die 中文 x") == ["die", "中", "文", "x"]  # each CJK character a word
    assert _words("ok_go — x+y") == ["ok", "_", "go", "—", "x", "+", "y"]


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_the_quick_ascii_cut_is_the_general_one(text):
    assert _words(text) == _any_words(text)


def test_pieces_are_the_longest_of_the_vocabulary_first():
    v = load_vectors()
    names = {i: p for p, i in v.ids.items()}
    assert [names[i] for i in v.pieces("Unbound infested tokens")] == \
        ["un", "##bound", "in", "##fest", "##ed", "token", "##s"]
    assert v.pieces("x" * 101) == []  # a word longer than BERT reads is unknown
    assert v.pieces("中") == []  # only the vocabulary's ASCII pieces are kept


# --- meanings -----------------------------------------------------------------------------------------------------
def test_a_meaning_is_a_unit_vector_or_none():
    v = load_vectors()
    m = v.meaning("how many wounds can the nest take in one round?")
    assert len(m) == v.dims == 128 and math.isclose(cosine(m, m), 1.0, rel_tol=1e-9)
    assert v.meaning("") is None and v.meaning("?!") is not None and v.meaning("中文") is None


def test_questions_alike_in_meaning_point_alike():
    """Different words, the same question, nearer than the game's words about something else."""
    m = load_vectors().meaning
    for question, same, other in (("bug tokens on my guy", "infested tokens on an investigator",
                                   "the devouring track moves"),
                                  ("can I heal above max health", "can a figure gain health over its maximum",
                                   "where does the nest spawn"),
                                  ("my guy got killed, is the whole game over for us?",
                                   "an investigator dies: do the players lose?",
                                   "how many dice does the shotgun roll?")):
        assert cosine(m(question), m(same)) > cosine(m(question), m(other)), (question, same, other)


# --- the file -----------------------------------------------------------------------------------------------------
def test_the_packaged_file_is_read_whole():
    data = VECTORS.read_bytes()
    head = header()
    assert data.startswith(head) and head.split()[-1].decode() == digest(data[len(head):])  # the cache key's part
    v = Vectors(data)
    assert len(v.ids) == len(v.scales) > 27_000 and "[UNK]" not in v.ids
    with pytest.raises(ValueError):
        Vectors(b"not vectors")
    with pytest.raises(ValueError):
        Vectors(data[:-1])


def _model(folder, vocab: list[str], rows: list[list[float]]) -> None:
    """A model2vec folder: the tokenizer's WordPiece vocabulary and a float32 safetensors matrix."""
    (folder / "tokenizer.json").write_text(json.dumps(
        {"model": {"type": "WordPiece", "continuing_subword_prefix": "##",
                   "vocab": {p: i for i, p in enumerate(vocab)}}}), encoding="utf-8")
    body = b"".join(struct.pack(f"<{len(r)}f", *r) for r in rows)
    header = json.dumps({"embeddings": {"dtype": "F32", "shape": [len(rows), len(rows[0])],
                                        "data_offsets": [0, len(body)]}}).encode()
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", len(header)) + header + body)


def test_a_model2vec_model_is_written_as_signed_bytes_and_a_scale(tmp_path):
    vocab = ["[PAD]", "[UNK]", "nest", "##s", "über", "wound"]
    rows = [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [0.5, -1.0, 0.25], [0.0, 2.0, 0.0], [9.0, 9.0, 9.0], [-3.0, 0.0, 1.0]]
    _model(tmp_path, vocab, rows)
    assert write(tmp_path, tmp_path / "v.bin") == 3  # the special and the non-ASCII pieces left out
    data = (tmp_path / "v.bin").read_bytes()
    assert data.startswith(MAGIC) and header(tmp_path / "v.bin").split()[-1].decode() == digest(
        data[len(header(tmp_path / "v.bin")):])
    v = Vectors(data)
    assert list(v.ids) == ["nest", "##s", "wound"] and v.dims == 3
    for piece, row in (("nest", rows[2]), ("##s", rows[3]), ("wound", rows[5])):
        got = v.vector(v.ids[piece])
        assert all(abs(a - b) <= max(map(abs, row)) / 127 for a, b in zip(got, row))
    total = [a + b for a, b in zip(rows[2], rows[3])]
    norm = math.sqrt(sum(x * x for x in total))
    assert all(abs(a - b / norm) < 0.02 for a, b in zip(v.meaning("nests"), total))
    assert v.meaning("über") is None


def test_the_tuning_reads_the_catalogs_asked_and_the_tuning_parts_questions_only():
    """solver.ask.vectors_training (run apart: it needs PyTorch) learns from each entry's ``asked`` questions, cut
    into pieces, and from the answerable questions of the files it is given, each with its first answer's entry; the
    files its documented command gives it (``python -m tests.ask_quality --tuning-files``) are the tuning part's,
    never a held-out part's. It imports nothing beyond the standard library and PyYAML until it runs."""
    import subprocess

    import solver.ask.vectors_training as training
    from solver.ask.index import players_questions
    from solver.catalog import catalog
    from tests import ask_quality

    cat = catalog()
    vectors = load_vectors()
    asked = [q for e in (*cat.rules.values(), *cat.options.values()) for q in e.asked]
    groups = training.groups_of_questions(vectors)
    assert sum(map(len, groups)) == len(asked) > 2000 and all(len(g) >= 2 for g in groups)
    root = Path(ask_quality.__file__).parent.parent
    listed = subprocess.run([sys.executable, "-m", "tests.ask_quality", "--tuning-files"], cwd=root,
                            capture_output=True, text=True, check=True).stdout.split()
    assert [root / p for p in listed] == list(ask_quality.PARTS["tuning"])
    held_out = {p for part in ask_quality.HELD_OUT_PARTS for p in ask_quality.PARTS[part]}
    assert not held_out & {root / p for p in listed}
    questions = players_questions(root / p for p in listed)
    with_them = training.groups_of_questions(vectors, questions)
    answerable = [q for q in questions if q.get("answers")]
    assert sum(map(len, with_them)) == len(asked) + len(answerable)
    assert "torch" not in sys.modules


# --- the ranking's share ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def asker() -> Asker:
    return Asker(results=Results(None, None, {}))


def test_the_meaning_share_goes_to_the_top_candidates_and_sums_to_one(asker):
    rk = asker.ranker
    total = [0.0] * rk.size
    total[5], total[9] = 2.0, 1.0
    share = rk.meaning_share(total, load_vectors().meaning("when does the nest activate?"))
    assert len(share) == min(rank_module.MEANING_CANDIDATES, rk.size) and math.isclose(sum(share.values()), 1.0)
    assert 5 in share and 9 in share


def test_the_meaning_moves_a_ranking(asker, monkeypatch):
    """A question whose words say little but whose meaning is clear: the meaning's share changes the scores."""
    question = "my guy got killed, is the whole game over for us?"
    with_meaning = asker.ask(question, limit=8)
    monkeypatch.setattr(rank_module, "MEANING_WEIGHT", 0.0)
    without = asker.ask(question, limit=8)
    assert [h.score for h in with_meaning.hits] != [h.score for h in without.hits]


def test_scope_by_meaning_tells_a_rules_question_from_one_the_rules_dont_answer(asker):
    """Ranker.meant: the nearest players' question in meaning among the best entries' ``asked`` and among the
    glossary's out-of-scope examples that share a word with the question."""
    rk, m = asker.ranker, load_vectors().meaning
    for question, answered in (("can we hit the nest while its figure is off the board?", True),
                               ("which pizza should we order for game night?", False)):
        scores = rk.scores(rk.concepts(question))
        order = sorted(range(rk.size), key=lambda i: -scores[i])
        inside, outside = rk.meant(m(question), order, frozenset(rk.stemmer.tokens(question)))
        assert (inside > outside) == answered, (question, inside, outside)


def test_a_kept_index_holds_the_meanings_and_answers_the_same(asker):
    """index.with_meanings keeps every players' question's vector in the cached index (so a process reading it needn't
    make them); made as needed instead, they are the very same numbers, so the answers are too."""
    import copy

    from solver.ask.index import is_index, with_meanings

    kept = with_meanings(copy.deepcopy(asker.index))
    assert is_index(kept) and len(kept["meanings"]["in"][0]) == len(kept["examples"]["text"])
    other = Asker(index=kept, results=asker.results)
    for q in ("can we hit the nest while its figure is off the board?", "bug tokens on my guy, what now",
              "which pizza should we order for game night?"):
        a, b = asker.ask(q), other.ask(q)
        assert a.ids == b.ids and [h.score for h in a.hits] == [h.score for h in b.hits], q
    broken = copy.deepcopy(kept)
    broken["meanings"]["in"][0].pop()
    assert not is_index(broken)
