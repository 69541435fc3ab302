"""Offline retrieval of past bugs: every stored record scored on the fields a debugger compares, plus a static
embedding of the error; one score in [0, 1] orders the records, and the gate reads each record's confidence (the
score plus bonuses when the error surfaced at the same library function and the programs do the same things).

The score is a weighted mean of per-field similarities (`features.FIELDS`): each field is the idf-weighted Dice
overlap of the two token sets, and the embedding side is the cosine of `wordllama`'s 256-d static embeddings
(they ship inside the PyPI package and load without network). No LLM call and no torch. Every record is scored
(a sparse matrix product per field), so the full ranking is exact and a query costs a few milliseconds at 10k
records. Exact ties are broken by a fixed key (resolved records first, then a digest of what retrieval reads of the
record, its instance, its id), never by store position, and alike in every store and run.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import weakref
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse  # type: ignore[import-untyped]

from agent.bug_consultant.errors import ErrorInfo
from agent.bug_consultant.features import FIELDS, embedding_text, extract
from agent.bug_consultant.store import BugStore, IndexRow

# The defaults (session 6), chosen on all four labelled sets (tests/data/bug_pairs, bug_tuning_confusable, bug_heldout
# and bug_heldout2; the last reported once at f5ced70 while never tuned on) by coordinate ascent over a grid of
# weights (message fixed at 4 as the scale) maximising the mean MRR of the sets. The fields and the rule were chosen
# by leave-one-set-out: weights chosen on three sets by the same search, recall@1 on the fourth: bug_pairs 0.950,
# confusable 0.900, bug_heldout 0.717, bug_heldout2 0.457 (session 5's fields and weights, the same folds: 0.961,
# 0.900, 0.636 and 0.433). `keywords` was chosen in every fold (weight 1.5-3), `imports` in every fold (0.125-0.75),
# `function` in three (0.125-0.25); measured and dropped (weight 0 or 0.125 in the folds, or lower recall on the
# left-out set): the library functions on the traceback's path, the operations of the lines around the failing
# line, module-qualified library APIs, the embedding of the failing function's text, idf squared, cosine and
# overlap coefficients instead of Dice, and weights from a logistic regression on pairs' field similarities (left-out
# recall@1 0.911 / 0.659 / 0.460 on confusable / bug_heldout / bug_heldout2). The summary's tags keep their earlier
# weight (no labelled set has model summaries). The gate: the lowest threshold at which advice is shown for at most
# 5 % of the queries with no same-cause record stored on every set (issue 15's bound); chosen on three sets, on the
# fourth it showed such advice for 2.1 %, 5.7 %, 3.6 % and 2.7 % (the session 5 rule, the best worst-set shown minus
# 3x that share: 3.2 %, 9.4 %, 6.1 %, 10.5 %). A gate on the margin between the first and second score separates
# worse (siblings of the same cause come second; AUC 0.57 vs 0.67 on bug_heldout2), and a logistic gate on the first
# hit's field similarities no better than its score (left-out AUC 0.667 vs 0.667 on bug_heldout2).
#
# Session 7, on five sets (bug_heldout3 reported once at e11c456, tuned on since), everything by leave-one-set-out
# (chosen on four sets, measured on the fifth, rotated). Weights: the same coordinate ascent on the mean MRR, run on
# all five, moved `keywords` 2.0 -> 1.5 (left-out recall@1 0.950, 0.900, 0.708, 0.463, 0.709). The gate: the
# threshold of one set transfers to another about as well as anything measured; what fails is separation. The
# threshold at which a set shows advice with no same cause for 5 % is 0.77-0.80 on the four sets that are not
# bug_pairs, and there even that set's own threshold shows advice for only 15-17 % of the queries with a same-cause
# record (the top score with and without a same-cause record stored: AUC 0.67-0.76). Scale-free gates measured and
# dropped (left-out with / without no better than the score's, and worse on bug_heldout3): the margin to the 2nd and
# 10th score, the score's z against the query's whole ranking and its distance to the mean of the top 50, whether
# the top hit has the query's exact message template or innermost library function, whether it is also first by
# the message alone or the embedding alone, a logistic regression on those and the top hit's field similarities
# (best: left-out bug_heldout3 33.8 % shown / 9.2 % without). Neighbour re-ranking (a record's score plus its
# similarity to the query's first 2-5 hits) and counting a code field only where the record has it too lowered
# recall@1 on the left-out sets. The rule now: the lowest threshold at which advice with no same cause stored stays
# at or under 3 % on every set; with 3 %, 3.5 %, 4 %, 4.5 % and 5 % on four sets the worst left-out set showed
# 3.8 %, 5.9 %, 5.9 %, 5.9 %, 5.9 % (3 % is the only one at or under 5 % on every left-out set): 0.822 on all five
# (the rule's 0.8213 up to the thousandth; rounded up to the hundredth, the no-code gate below, 0.90, hid two textbook
# same-cause pairs of the tests, a numpy reshape and a YAML scanner error in other programs, scored 0.899).
# A query without code is scored without the code's fields and its scores run higher (the same gate showed 7.5-15.9 %
# with no same cause on left-out sets): its gate is the same rule on the no-code scores at 4.5 % (worst left-out
# 4.6 %; 5 %: 6.3 %), 0.896 on all five (the rule's 0.8954), i.e. NO_CODE_MARGIN above the threshold.
FIELD_WEIGHTS: dict[str, float] = {
    "message": 4.0,
    "where": 0.125,
    "tags": 6.0,
    "program": 1.5,
    "failed": 0.25,
    "keywords": 1.5,
    "imports": 0.25,
    "function": 0.5,
    "api": 1.5,
    "report": 24.0,
    "subject": 4.0,
    "unawaited": 8.0,
}
EMBEDDING_WEIGHT = 0.5
# Session 8 (six sets, bug_heldout4 reported once at 7ca672a and tuned on since; the left-out figures per set are in
# the README and the freeze commit). The score still orders the records (weights unchanged: the coordinate ascent on
# all six sets keeps them); the gate reads each record's confidence, (score + RAISED_BONUS x [it raised the query's
# exception at the same library function, `raised:lib.func` of `where`] + PROGRAM_BONUS x the similarity of the two
# programs' constructs + CONSENSUS_WEIGHT x consensus) / (1 + the three weights), where consensus is the query's best
# score less the mean similarity of its best three records to each other (record against record, the same weighted
# mean): a query that sits in its best hits' cluster as tightly as they sit together is more likely one of them; a
# cluster of another cause that only shares the message sits tighter with itself than with the query. What a
# debugger checks before trusting a match: the error surfaced at the same API, the programs do the same things, the
# match is not one of a family of look-alikes. Chosen by leave-one-set-out: in each fold the ranking weights by the
# same coordinate ascent on the five other sets, then (bonuses on a grid 0-0.2, 0-0.4, consensus 0-0.6) and the
# threshold maximising the mean advice shown with a same-cause record on the five under session 7's rule (at most 3 %
# shown with no same cause on every one of the five). On all six: 0.2, 0.4, 0.2 and 0.599 (the rule's 0.5983).
# Left out, shown with / without a same-cause record, before (7ca672a's gate, same folds) -> after: bug_pairs
# 55.0/1.3 -> 59.2/0.8, confusable 31.1/0.0 -> 27.8/0.0, bug_heldout 6.6/1.8 -> 20.8/3.8, bug_heldout2 5.2/2.7 ->
# 12.0/4.1, bug_heldout3 11.7/3.8 -> 20.7/4.6, bug_heldout4 29.6/0.0 -> 64.4/0.0. The two bonuses without the
# consensus: 64.2/1.6, 33.3/0.0, 11.8/2.6, 13.2/4.9, 15.5/4.6, 47.4/0.0 (mean shown 30.9 % against 34.2 %). A cap of
# 3.5 % also stayed at or under 5 % left out (worst 4.9 %, mean 36.5 %); 3 % is kept for a margin on unseen sets.
# Measured and dropped (session 8): hubness correction (CSLS: the score less half the record's mean similarity to its
# own 3-10 nearest records, as a gate or a re-ranking: left-out AUC +0.00-0.02, shown lower on bug_pairs and
# confusable, and a neighbour pass at every insert); as gate terms the same template, the same exception type, the same
# library entry function, the margins to the 2nd / 10th score and to the best record of another template ("the
# runner-up from another family"), the message / function / keyword / embedding similarity of the best record (no
# higher mean left-out shown than the terms kept, or over 5 % with no same cause on a left-out set); a logistic
# regression on those features as the gate, its threshold by the same rule (pooled likelihood is not the objective:
# best left-out mean shown 28 % against 31 % for the two bonuses chosen directly). New ranking fields, in-sample on all
# six (mean MRR 0.841 without; none above 0.842 at weights 0.25-2, recall@1 lower on the hard sets): the failing
# line's operations with pairs, the identifiers of the function around it split into words, the constructs of the
# assignments the failing line's names come from (a two-step backward slice), the module-qualified library calls of
# that function. For a query without code the same terms did not hold left out: with their own grid at the 4.5 %
# rule bug_heldout showed 5.4 % with no same cause, at 3.5 % bug_heldout3 5.4 %, at 4 % all held but bug_pairs and
# confusable showed less (39.7 -> 31.3 %, 17.8 -> 15.6 %); a query without code keeps session 7's gate, its plain
# score at 0.896 (the 4.5 % rule on all six: 0.8954), NO_CODE_MARGIN above the threshold. Also measured: the mean of
# the best three scores instead of the best in the consensus (left-out mean shown 35.2 %, but 5.0 % with no same cause
# on bug_heldout3: no clear gain, closer to the bound). The summary model's category and tags (`tags`, 0.5, counted
# only where both records have model tags) stay untuned: no tuned set has model summaries. 0.5 of about 10 moves a
# score by at most 0.05 and a confidence by 0.03; kept small on purpose, since a model's tags name the library and
# the area as often as the cause, and look-alikes of one library share those.
# Session 9 (eight sets: bug_heldout5, reported once at b517298, and bug_heldout6, reported once at the start of
# session 9 at the same method, tuned on since, their model summaries too; left-out figures in the README and the
# freeze commit; `python3 bench/bug_consultant_loso.py --fixed-weights` reruns the folds, `--all` prints
# the choices on all eight). Ranking weights unchanged: the same coordinate ascent on all eight would move six of them
# (where 0.25, program 2, failed 0.125, imports 0.75, function 0.75, embedding 0.125; in-sample mean MRR 0.669 ->
# 0.674), but chosen per fold on seven sets they gave the left-out set a recall@1 0-0.017 below these weights on every
# set, and they lower the no-code scores of textbook same-cause pairs (the tests' numpy reshape pair 0.900 -> 0.875).
# The summary's tags: their weight by the best mean MRR on the sets with model summaries (per fold, on the other one;
# grid 0-8): 6 in both folds and on both (left out, recall@1 / recall@3 bug_heldout5 0.778 / 0.881 -> 0.844 / 0.941,
# bug_heldout6 0.363 / 0.504 -> 0.370 / 0.570). Two summaries of one cause are never quite alike, so a record's tags
# pull a same-cause pair's score down about as much as they separate it from look-alikes, and the threshold is chosen
# on sets without tags: with the tags in the gate at weight 3, left-out advice with summaries fell to 0.0 %
# (bug_heldout5) and 1.5 % (bug_heldout6). So the tags re-rank and never gate: the confidence is computed on the score
# without them (`_scores` returns both) and a query's advice is the same with or without a summary model, only its
# order changes. The gate: session 8's procedure (the terms on the grid and the threshold maximising the mean shown
# under the 3 % rule), with these weights in every fold, kept every left-out set at or under 5 % with no same cause
# (worst 4.7 %, bug_heldout6; mean shown with a same-cause record 27.4 %; a 2.5 % cap: worst 4.0 %, mean 25.7 %; with
# the weights chosen per fold by the coordinate ascent, 3 % let 5.4 % through on bug_heldout3): on all eight the terms
# and the threshold below. Without code the gate stays at 0.896 (NO_CODE_MARGIN above): the 4.5 % rule on eight sets
# is 0.93 (0.895 with bug_heldout6 left out, which then shows 6.7 % with no same cause), and there the tests'
# textbook same-cause pairs without code (a numpy reshape, a YAML scanner error in other programs, scored 0.90) get no
# advice; 3 % or 2.5 % put it at 0.98-0.998 (no advice on any set). bug_heldout6 without code, 6.7 %, is a known miss.
# Measured and dropped (session 9, leave-one-set-out over eight sets with each candidate in the coordinate ascent; mean
# left-out recall@1 0.732 / MRR 0.790 without): the kinds and shapes of the program's string and number literals
# (a trailing slash, '%', braces, glob characters, padding; 0.732 / 0.791), each call's number and kinds of positional
# arguments (`call.sub/4`: a flag passed as a count; 0.728 / 0.788), the failing line's constructs as a field of its
# own (0.731 / 0.789). On bug_heldout6's misses the wrong first hit has the more similar message in 91 % and the more
# similar embedding in 87 % of them, while the programs' constructs favour either about equally: the look-alikes share
# what the score reads, and what tells the causes apart is what the code means, which none of these fields reaches.
# Session 10 (nine sets: bug_heldout7, reported once at 6d3e4e9, tuned on since, its summaries too; left-out figures in
# the README and the freeze commit; `python3 bench/bug_consultant_loso.py --fixed-weights --tune api --no-code-terms
# raised --no-code-cap 0.03` reruns the folds, with `--all` the choices on all nine). A field `api`: the imported APIs
# the program reads and calls, qualified by their import, with each call's keyword names and positional arity
# (`features.api_tokens`). On bug_heldout6's and bug_heldout7's misses the look-alikes share the message; what differs
# is the library call the program misuses. Its weight chosen per fold on the eight other sets (grid 0-3, the other
# weights fixed): 1.5 in every fold. Left out, recall@1 / recall@3 without -> with it: bug_pairs 0.955 / 0.966 ->
# 0.947 / 0.966, confusable 0.911 / 0.933 -> 0.900 / 0.933, bug_heldout 0.734 / 0.841 -> 0.728 / 0.824, bug_heldout2
# 0.475 / 0.623 -> 0.479 / 0.623, bug_heldout3 0.714 / 0.840 -> 0.723 / 0.859, bug_heldout4 0.985 / 0.993 -> 0.978 /
# 0.993, bug_heldout5 0.778 / 0.881 -> 0.778 / 0.889, bug_heldout6 0.363 / 0.504 -> 0.385 / 0.570, bug_heldout7 0.348 /
# 0.459 -> 0.415 / 0.548 (mean 0.696 / 0.782 -> 0.704 / 0.801, MRR 0.755 -> 0.767; worst fold -0.011). In the gate's
# score it moved the threshold's transfer (left out, bug_pairs and bug_heldout7 showed 5.3 % with no same cause), so
# like the summary's tags it re-ranks and never gates (`RERANK_ONLY`): the confidence is computed without it.
# Measured and dropped (mean left-out recall@1): the APIs without keyword names and arity (0.696), with the program's
# method names as a field besides (0.686), followed through one assignment or loop to the methods called on their
# result (`api:jsonpath_ng.parse().find`, 0.701; without the arity 0.698), the APIs called on the failing lines as
# a field of their own (weight 0 in every fold), `where` and `function` chosen per fold with it (function 0.75, mean
# 0.704 unchanged). The gate with code: session 8's procedure on all nine, (0.1, 0.3, 0.2) at 0.630 (the rule's
# 0.6299). Without code the gate now reads the plain score plus NO_CODE_RAISED_BONUS when the
# record raised at the query's library function, over 1 + that bonus (the bonus on the grid 0-0.2, the other terms 0),
# at the lowest threshold keeping advice with no same cause at or under 3 % on every set: left out, the worst set
# showed 3.8 % with no same cause (the plain score under the 4.5 % rule, as shipped until now: 6.0 %, bug_heldout7) and
# the mean shown with a same-cause record rose from 5.3 % to 14.3 % (the bonus under the 4.5 % and 4 % rules: 6.7 %
# and 6.0 % on bug_heldout7; 3.5 %: 5.3 %; a bonus of 0.3-0.4: 5.4 % on bug_heldout3; the bonus also for two records
# raised in the project on the same caret-marked operation: mean shown 3.5 %, or with the same constructs on the
# traceback's lines: 3.2 %; a bonus for a query raised in the project: never chosen).
# On all nine: 0.2 at 0.820 (the rule's 0.8192). So a same-cause pair without code raised on the project's own line
# (numpy's `reshape` raises in C, below the project frame) needs a score of 0.984. A query with no traceback frame at
# all (a bare error line, e.g. a summary's signature as a text query) has no raise point to agree on and no labelled
# set has such queries: it keeps session 7's gate, its plain score at 0.896 (NO_TRACEBACK_MARGIN above).
# Session 10, gate round 2 (ten sets: bug_heldout8, reported once at 05357e2, tuned on since): the gate also reads how
# distinctive the best match is: when the best record (by the gate's score) has the query's own message template, the
# margin between it and the best record of any other template (the whole score when no record has another; 0 when the
# best record has another template). A
# template only one cluster of records carries stands far above everything else; a template several causes share
# (the confusable sets) gives no such margin over their look-alikes' neighbours. Chosen by leave-one-set-out over
# the ten sets (`bench/bug_consultant_loso.py --fixed-weights --distinct`: per fold its weight on a grid 0-1 with the
# three terms and the threshold, session 8's procedure under the 3 % rule): left-out mean advice shown with a
# same-cause record with code 24.9 % -> 29.9 % (worst left-out set with no same cause 4.7 % -> 4.7 %), without code
# 18.0 % -> 20.4 % (3.8 % -> 4.0 %); recall unchanged (it gates, never ranks). Measured and dropped: the margin from
# the best record's template (left out 6.0 % with no same cause, bug_heldout7), one over the number of records
# sharing the query's template (never chosen), the mean similarity to each other of the best three records sharing it
# (mean shown 25.0 %). On all ten: (0.15, 0.4, 0) with DISTINCT_WEIGHT 0.4 at 0.576 (the rule's 0.5760; the consensus
# term is no longer chosen); without code the raise point's 0.2 and NO_CODE_DISTINCT_WEIGHT 0.2 at 0.746 (0.7458).
# Session 11 (eleven sets: bug_heldout9, real pytest reports, tuned on since; the parser now reads pytest's report,
# so its queries have frames): the same procedure chooses the same terms in every fold but bug_heldout7's; on all
# eleven (0.15, 0.4, 0, 0.4) at 0.580 (the rule's 0.5795: bug_heldout9 showed 4.4 % with no same cause at 0.576),
# without code 0.2 and 0.2 at 0.746 (0.7458) as before.
# Session 14 (thirteen sets, bug_heldout11 tuned on since; `bench/bug_consultant_loso.py --fixed-weights --tune api
# --no-code-terms raised --no-code-cap 0.03 --distinct --agree`): the top-k cause agreement joins the confidence, the
# share of the next AGREE_K - 1 records (by the gate's score) that carry the best record's message template and raise
# point (`_agreement`: several stored records of one cause agreeing on top; a look-alike of another cause rarely
# brings its cluster along). Chosen per fold with the other terms (weight 0-0.4, k 3 or 5: k 3 in 25 of 26 choices):
# left-out mean advice shown with a same-cause record with code 34.5 % -> 35.9 % (worst left-out set with no same
# cause 5.0 % -> 4.7 %, mean 1.9 % -> 1.7 %), without code 25.8 % -> 26.9 % (worst 10.0 % -> 10.0 %, bug_heldout10;
# mean 1.5 % -> 1.8 %); recall unchanged (it gates, never ranks). Measured and dropped (left-out means, with code /
# without): the best score's margin over records outside its cluster (pair score under 0.5-0.7, level per fold) 35.0
# / 26.2 % with bug_heldout7 at 5.3 % with no same cause; the best record's rank by each field, averaged (rank-based
# per-signal calibration) 35.0 / 26.4 %, bug_heldout7 5.3 %. On all thirteen: (0.1, 0.4, 0, 0.4) with AGREE_WEIGHT
# 0.1 at 0.562 (the rule's 0.5616), without code 0.2, 0.2 and NO_CODE_AGREE_WEIGHT 0.2 at 0.656 (0.6556).
# Session 15 (fourteen sets, bug_heldout12 tuned on since: faults injected into six packages, each run a pytest run of
# the package's own tests; `bench/bug_consultant_loso.py --fixed-weights --tune api --tune report --no-code-terms raised
# --no-code-cap 0.03 --distinct --agree --report-gate`). On the sets whose runs are test-suite reports (bug_heldout9,
# 10, 12) plain BM25 over the whole output ranked better: same-cause runs share their test file, the test's names and
# the assertion. A field `report`, the words of a test-suite report as printed (`features.report_tokens`; empty for a
# traceback), re-ranks only (RERANK_ONLY; in the gate's score too it let bug_heldout12 show 15.2 % with no same cause
# without code, left out); its weight chosen per fold on a grid to 128: 32 in 13 folds, 24 in one. Left out, recall@1 /
# recall@3 bug_heldout9 0.862 / 0.892 -> 0.985 / 0.985, bug_heldout10 0.824 / 0.941 -> 0.971 / 0.971, bug_heldout12
# 0.750 / 0.833 -> 0.833 / 0.917, the traceback sets unchanged (mean 0.765 / 0.846 -> 0.790 / 0.861; without code
# recall@1 0.713 -> 0.741). The gate: bug_heldout12's look-alikes (one test, one assertion, different faults) reach
# confidences up to 0.82, so under the 3 % rule one threshold for all rose in every fold that trained on it (bug_pairs
# left out 62.1 -> 40.8 % shown). A test-suite report now has a threshold of its own, chosen by the same rule on the
# other sets' test reports (REPORT_MARGIN, NO_CODE_REPORT_MARGIN), the terms shared; left-out mean advice shown with a
# same-cause record 25.4 % -> 32.4 % with code (mean with none 2.1 -> 2.4 %, worst 17.4 %, bug_heldout12, unchanged;
# every other set at most 3.3 %), 21.8 % -> 23.3 % without (1.0 -> 1.4 %, worst 6.5 % unchanged). On all fourteen: (0.2,
# 0, consensus 0.2, margin 0.1, agreement 0.2) at 0.581 (the rule's 0.5805), test reports 0.646 (0.6453); without code
# 0.2, 0.2, 0.2 at 0.656 (0.6556), test reports 0.696 (0.6957).
# Session 16 (sixteen sets, bug_heldout13 and 14 tuned on since): the subject under test, the failing tests' classes
# as whole identifiers (`features.subject_tokens`: unittest's `FAIL: test_x (pkg.mod.Class.test_x)`, pytest's
# `____ Class.test_x ____`), a field that gates only (GATE_ONLY, weight 4): bug_heldout13's look-alikes run inherited
# tests of one name and assertion in different classes (statistics' TestMedian vs TestMedianLow), and only the class
# tells them apart. Left-out means, same command, before -> after: with code shown 23.0 -> 25.4 %, with none 1.97 ->
# 1.52 % (worst 11.1 % bug_heldout13 -> 8.7 % bug_heldout12); without code 20.7 -> 24.4 %, 2.05 -> 1.18 % (worst 22.2
# -> 4.3 %); recall unchanged (it never ranks). On all sixteen: with code as before at 0.581 (0.5805), test reports
# 0.664 (0.6631). Without code the choice on all sixteen (0.2, margin 0.4, agreement 0.2 at 0.634, in-sample mean
# shown 24.7 %) hides the tests' textbook YAML pair (score 0.899, confidence 0.610): session 15's terms stay (0.2, 0.2,
# 0.2; in-sample 23.9 %) at the rule's 0.656 (0.6556, unchanged), test reports 0.687 (0.6864).
# Session 17 (eighteen sets, bug_heldout16 tuned on since): pytest's `[doctest]` block prints no `E` lines, so every
# failed doctest had an empty message and one signature, and without code each matched every other (9 of the 11 queries
# bug_heldout16 showed with no same cause). The parser now reads the doctest's `Expected: ... Got: ...` (or its diff) as
# the message and the example as the failing line (`errors._doctest_failure`). Left-out means, same command, before ->
# after: with code unchanged (0.758 / 0.846, shown 21.7 %, none 1.45 %, worst 4.3 % bug_heldout12); without code
# recall@1 / @3 0.718 / 0.812 -> 0.720 / 0.809, shown 21.0 -> 22.3 %, none 1.83 -> 1.38 % (worst 20.4 % bug_heldout16 ->
# 4.3 % bug_heldout12). Measured and dropped (the report field re-ranks only, so these move recall, never the gate):
# the report's idf without the pseudo records, as BM25's (left out 0.758 / 0.851 with code, 0.719 / 0.815 without:
# recall@1 without code not up, per set both ways; kept in the second round, below), with 30 (0.756 / 0.849);
# in-sample on the test-report sets, the report's numbers as words (mean recall@1 0.774 -> 0.771), term frequency as
# repeated words (0.757), bm25s's whole words instead of split identifiers (0.764). Shipped thresholds unchanged
# (chosen on sixteen sets).
# Session 17, second round (nineteen sets, bug_heldout17 tuned on since: command-line tools failing through their own
# end-to-end tests, 64 of 67 runs an AssertionError): a program's error quoted inside a test's AssertionError is the
# failure (`errors._quoted_failure`): the child's traceback as the assertion's message (its frames, its last exception
# line; every such run read `Traceback (most recent call last): File "<frozen runpy>"...`, one message for every
# cause), a CliRunner result's exception (`<Result ValueError('...')>`). And the report's idf without the pseudo
# records (IDF_PSEUDO, as BM25's; 17 of the 19 folds then choose the report's weight 24, as all nineteen sets do, the
# folds leaving out bug_heldout14 128 and bug_heldout17 32; shipped thresholds unchanged). Left-out means,
# same command, before -> after: with code recall@1 / @3 0.731 / 0.824 -> 0.733 / 0.826, shown 20.5 -> 20.7 %, none
# 1.37 % (worst 4.3 % bug_heldout12) unchanged; without code 0.695 / 0.791 -> 0.695 / 0.792, shown 19.5 -> 21.5 %,
# none 1.49 -> 1.31 % (worst 7.5 % bug_heldout17 -> 4.3 % bug_heldout12). The quoted errors alone: recall@1 0.735 /
# 0.699, recall@3 0.822 / 0.788 (down: two folds then keep the report's weight 32 instead of 64).
# Session 18 (twenty-one sets, bug_heldout18 and 19 tuned on since: bug_heldout19's golden-file and round-trip suites
# fail with AssertionErrors whose explanation is a diff). An assertion's message took the three lines after it
# whatever they were; pytest's (and unittest's) ndiff prints the lines both sides share as context, so the same golden
# test failing for two faults shared its first unchanged lines and the differing line fell off. The diff's unchanged
# lines (indented two more than its `- `/`+ ` lines) and its `?` column lines are now left out (`errors._differing`).
# Left-out means, same command, before -> after: with code recall@1 / @3 0.703 / 0.808 -> 0.702 / 0.814, MRR 0.774 ->
# 0.775; without code 0.669 / 0.773 -> 0.670 / 0.780, MRR 0.741 -> 0.743; the gate identical on every set (shown 17.8 %
# / 18.3 %, none 1.40 % / 1.27 %, worst 6.2 %, bug_heldout19's identical-output look-alikes). 18 of 21 folds then choose
# the report's weight 128 (before 3): bug_heldout18 left out loses one query at rank 1 (0.650 -> 0.625; at 24 it ranks
# as before) and gains three in the top 3. Measured and dropped (session 18): pytest's hints also left out (`Use -v to
# get more diff`, `Omitting N identical items`, `Skipping N identical leading characters`; recall@1 without code 0.673,
# but the folds' gate moves: with code none 1.40 -> 1.56 %); `Differing attributes: ['x']` read as the attribute's name
# (no change); what differs in a comparison as a field (the kinds of the differing characters, `d:space>digit`,
# `d:lf>cr`: separates look-alikes, but a fault's runs rarely share it; gate-only at weight 4: none 1.40 -> 1.67 %); the
# functions under test (the failing line's calls, the project frames): on the misses the first wrong hit shares them
# more often than the same cause (bug_heldout19 35 to 1). Shipped thresholds unchanged: on the five sets that never
# chose them (bug_heldout15-19) they show advice with no same cause for 2.3 % (worst 6.2 %, bug_heldout19), without
# code 3.0 % (7.7 %).
# Session 19 (twenty-three sets, bug_heldout20 and 21 tuned on since: bug_heldout21's network services, where the
# same test fails `assert 200 == 201` and `assert 404 == 200` for two faults, one message once literals are
# normalised). The integers a failed `assert actual == expected` got are message tokens of their own
# (`features._got`). Left-out means, same command, before (aa5ebb1) -> after: with code recall@1 / @3 0.6615 / 0.7903
# -> 0.6643 / 0.7903 (0.79035 -> 0.79026), MRR 0.7446 -> 0.7462; without code 0.6329 / 0.7604 -> 0.6357 / 0.7603, MRR
# 0.7168 -> 0.7186; the gate identical on every set (shown 17.6 % / 15.0 %, none 1.43 % / 0.80 %, worst 6.2 %
# bug_heldout19 / 7.8 % bug_heldout21). Per set: recall@1 +1 query on bug_heldout18, 19 and 21 both ways; recall@3 -1
# on bug_heldout16 and +1 on bug_heldout21 both ways. Measured and dropped (session 19): every scalar an assertion got
# (decimals, None/True/False, strings up to 20 characters) with the odd kinds below (with code recall@1 0.6638 but
# recall@3 0.7857; without code 0.6317 / 0.7547: five folds flip the report's weight), the same without the kinds
# (recall@3 0.7885 / 0.7592); a value's odd kind (a stray `\r` as padding, mojibake, an empty string) for the user's
# own messages, of the actual side the expected lacks (recall unchanged with code; without code none 0.80 -> 0.85 %:
# the no-code folds' threshold 0.696 -> 0.692); the raise point with the function of the library that called into it
# (`socket.readinto@http._read_status` vs `@http.read`: bug_heldout21's TimeoutError look-alikes leave the gate, but
# same-cause pairs reached through other callers lose the raise bonus: shown on bug_pairs 60.8 -> 42.1 %, confusable
# 26.7 -> 15.6 %, bug_heldout5 15.6 -> 5.9 %; stopped after seven folds).
RAISED_BONUS = 0.2
PROGRAM_BONUS = 0.0
CONSENSUS_WEIGHT = 0.2
DISTINCT_WEIGHT = 0.1
NO_CODE_DISTINCT_WEIGHT = 0.2
AGREE_WEIGHT = 0.2
NO_CODE_AGREE_WEIGHT = 0.2
AGREE_K = 3  # the best record and the next two
SAME_TEMPLATE = 0.999  # the message field's similarity at which two records share the template
# fields that re-rank and never gate: the confidence is computed on the score without them (see the notes above)
RERANK_ONLY = ("tags", "api", "report")
# the failing tests' classes (`features.subject_tokens`) gate only: they never re-rank (session 16); so does the
# never-awaited coroutine (`features.unawaited_tokens`, weight 8; session 16's second round, 17 sets, same LOSO command:
# left-out shown with code 23.0 -> 24.0 %, none 1.44 % and worst 8.7 % unchanged; no code 23.8 -> 24.2 %, 1.11 % and
# 4.3 % unchanged; weight 2: 24.0 / 23.9 %; weight 4: bug_heldout4 0.0 -> 0.7 % with none; counted only where the
# record has the warning too, or the user's own coroutines as `<user>`: less shown or more with none)
GATE_ONLY = ("subject", "unawaited")
DEFAULT_THRESHOLD = 0.581  # the rule's 0.5805 on the sixteen sets' tracebacks (sessions 15 and 16; 0.562 on 13)
# a query without code is scored without its code fields (keywords, imports, the failing function, the APIs) and its
# gate reads (score + NO_CODE_RAISED_BONUS x the same raise point + NO_CODE_DISTINCT_WEIGHT x the template's margin
# + NO_CODE_AGREE_WEIGHT x the agreement) / (1 + the three) at 0.656, this much above the threshold (the notes above)
NO_CODE_MARGIN = 0.075
NO_CODE_RAISED_BONUS = 0.2
NO_TRACEBACK_MARGIN = 0.315  # a query without code and without a traceback frame: its plain score at 0.896
# a test-suite report (the `report` field: pytest's report) is gated at a threshold of its own, this much above the
# threshold with code (REPORT_MARGIN) and without (NO_CODE_REPORT_MARGIN); see session 15 in the notes above
REPORT_MARGIN = 0.083  # 0.664 (the rule's 0.6631 on the test reports of bug_heldout9, 10, 12, 13 and 14)
NO_CODE_REPORT_MARGIN = 0.106  # 0.687 (0.6864)
IDF_PSEUDO_RECORDS = 100  # idf smoothing: a handful of records must not make every token look rare
# the test-suite report's words (re-rank only) weigh as BM25's do: a word every run of a suite prints weighs about 0
IDF_PSEUDO = {"report": 0}
_DIM = 1 << 18  # hashed token space per field

_EMBEDDER_LOCK = threading.Lock()
_EMBEDDER = None


def quiet_dependency_loggers() -> None:
    """wordllama calls logging.basicConfig(INFO) at import and bm25s logs at DEBUG: keep their records out of the
    user's root handlers without configuring the root logger (we add no handler and touch no root level)."""
    for name in ("wordllama", "bm25s"):
        logging.getLogger(name).setLevel(logging.WARNING)


def _wordllama() -> Any:
    global _EMBEDDER
    with _EMBEDDER_LOCK:
        if _EMBEDDER is None:
            quiet_dependency_loggers()
            root = logging.getLogger()
            handlers, level = list(root.handlers), root.level
            try:
                import wordllama  # type: ignore[import-untyped]
                from wordllama import WordLlama

                # the package ships its weights and tokenizer; point the cache at them so nothing is downloaded
                _EMBEDDER = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
            finally:
                # undo a basicConfig() done by the import: the root logger is the application's, not ours
                for handler in list(root.handlers):
                    if handler not in handlers:
                        root.removeHandler(handler)
                root.setLevel(level)
        return _EMBEDDER


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length float32 rows, one per text."""
    if not texts:
        return np.zeros((0, 256), dtype=np.float32)
    vecs = np.asarray(_wordllama().embed(texts), dtype=np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    unit: np.ndarray = vecs / np.maximum(norms, 1e-9)
    return unit


def _hash(field_name: str, token: str) -> int:
    return zlib.crc32(f"{field_name}\0{token}".encode()) & (_DIM - 1)


def hashed(fields: dict[str, list[str]]) -> dict[str, np.ndarray]:
    """Each field's distinct tokens as sorted hashed ids."""
    return {
        name: np.unique(np.fromiter((_hash(name, t) for t in fields.get(name, [])), dtype=np.int64)) for name in FIELDS
    }


def content_key(row: IndexRow) -> str:
    """A digest of what retrieval reads of a record (its fields and embedding text): the same for the same bug in
    every store and every run, unlike its random id or its position in the store."""
    text = json.dumps([sorted(row.fields.items()), row.embedding_text], ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class Query:
    """What the agent has at failure time, prepared once: the token fields and the embedding."""

    fields: dict[str, list[str]]
    embedding: np.ndarray
    text: str = ""
    instance_id: str = ""
    hashes: dict[str, np.ndarray] = field(default_factory=dict)
    has_code: bool = True  # False: scored without the code's fields, gated by the stricter no-code gate

    @classmethod
    def from_error(
        cls,
        info: ErrorInfo,
        *,
        code: str = "",
        category: str = "",
        tags: list[str] | tuple[str, ...] = (),
        instance_id: str = "",
    ) -> Query:
        fields = extract(info, code=code, category=category, tags=tags)
        text = embedding_text(info, code)
        return cls(fields, embed([text])[0], text, instance_id, hashed(fields), has_code=bool(code.strip()))


def raise_point(fields: dict[str, list[str]]) -> str:
    """The library function that raised the exception (`raised:lib.func` of `where`), "" when the project raised it."""
    return next((t for t in sorted(fields.get("where", [])) if t.startswith("raised:") and "." in t), "")


@dataclass(frozen=True)
class Hit:
    record_id: str
    score: float  # weighted mean of the field similarities and the embedding cosine, in [0, 1]
    fields: dict[str, float]  # the per-field similarities (and "embedding"), for explanations
    # what the gate reads: the score without the fields that re-rank only, plus the agreement bonuses (the same raise
    # point, the programs' constructs, the consensus, the template's margin); for a query without code the same raise
    # point's bonus and the template's margin only
    confidence: float = 0.0

    @property
    def similarity(self) -> float:
        return self.score


@dataclass
class SearchResult:
    hits: list[Hit]  # at or above the threshold (all when ungated), best first, at most top_k
    candidates: int  # records that could be returned (after the filters), before the gate


class BugIndex:
    """An in-memory view of the store, refreshed incrementally from the rows other workers added or updated."""

    def __init__(
        self,
        store: BugStore | None,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        weights: dict[str, float] | None = None,
        embedding_weight: float = EMBEDDING_WEIGHT,
        no_code_margin: float = NO_CODE_MARGIN,
        no_code_raised_bonus: float = NO_CODE_RAISED_BONUS,
        no_traceback_margin: float = NO_TRACEBACK_MARGIN,
        report_margin: float = REPORT_MARGIN,
        no_code_report_margin: float = NO_CODE_REPORT_MARGIN,
        raised_bonus: float = RAISED_BONUS,
        program_bonus: float = PROGRAM_BONUS,
        consensus_weight: float = CONSENSUS_WEIGHT,
        distinct_weight: float = DISTINCT_WEIGHT,
        no_code_distinct_weight: float = NO_CODE_DISTINCT_WEIGHT,
        agree_weight: float = AGREE_WEIGHT,
        no_code_agree_weight: float = NO_CODE_AGREE_WEIGHT,
    ):
        self.store = store
        self.threshold = threshold
        self.no_code_margin = no_code_margin
        self.no_code_raised_bonus = no_code_raised_bonus
        self.no_traceback_margin = no_traceback_margin
        self.report_margin = report_margin
        self.no_code_report_margin = no_code_report_margin
        self.raised_bonus = raised_bonus
        self.program_bonus = program_bonus
        self.consensus_weight = consensus_weight
        self.distinct_weight = distinct_weight
        self.no_code_distinct_weight = no_code_distinct_weight
        self.agree_weight = agree_weight
        self.no_code_agree_weight = no_code_agree_weight
        self.weights = {**FIELD_WEIGHTS, **(weights or {})}
        self.embedding_weight = embedding_weight
        self._lock = threading.RLock()  # refresh and search never interleave (arrays grow together)
        self._version = 0
        self.ids: list[str] = []
        self._pos: dict[str, int] = {}
        self.instances: list[str] = []
        self.experiments: list[str] = []
        self._content: list[str] = []  # a digest of what each record's retrieval reads: exact ties go by it
        # the same as small integer codes, so a query's filter is one vectorised comparison
        self._codes: dict[str, int] = {}
        self._instance_code = np.zeros(0, dtype=np.int64)
        self._experiment_code = np.zeros(0, dtype=np.int64)
        self._completed = np.zeros(0, dtype=bool)
        self._resolved = np.zeros(0, dtype=bool)
        self._raised = np.zeros(0, dtype=np.int64)  # the raise point's code (`_codes`), -1 for none
        self._emb = np.zeros((0, 256), dtype=np.float32)
        self._pending: dict[str, list[np.ndarray]] = {name: [] for name in FIELDS}
        self._matrix: dict[str, sparse.csr_matrix] = {
            name: sparse.csr_matrix((0, _DIM), dtype=np.float32) for name in FIELDS
        }
        self._columns: dict[str, sparse.csc_matrix] = {}  # the same matrices by column, for the query's tokens
        self._df = {name: np.zeros(_DIM, dtype=np.int32) for name in FIELDS}
        self._idf: dict[str, np.ndarray] = {}
        self._row_weight: dict[str, np.ndarray] = {}
        self._tie: np.ndarray = np.zeros(0, dtype=np.int64)  # each record's rank among exact score ties

    def __len__(self) -> int:
        return len(self.ids)

    # building ----------------------------------------------------------------------------------------------------
    def add_rows(self, rows: list[IndexRow]) -> None:
        with self._lock:
            self._add_rows(rows)

    def _add_rows(self, rows: list[IndexRow]) -> None:
        new = [r for r in rows if r.id not in self._pos]
        for row in rows:
            if (i := self._pos.get(row.id)) is not None:
                self._completed[i], self._resolved[i] = row.completed, row.resolved
            self._version = max(self._version, row.version)
        if not new:
            return
        missing = [r for r in new if r.embedding is None]
        computed = iter(embed([r.embedding_text for r in missing]))
        vecs = [r.embedding if r.embedding is not None else next(computed) for r in new]
        for row in new:
            self._pos[row.id] = len(self.ids)
            self.ids.append(row.id)
            self.instances.append(row.instance_id)
            self.experiments.append(row.experiment)
            self._content.append(content_key(row))
        for name in FIELDS:
            hashed_rows = [hashed(r.fields)[name] for r in new]
            for h in hashed_rows:
                self._df[name][h] += 1
            indptr = np.cumsum([0, *(len(h) for h in hashed_rows)])
            data = np.ones(indptr[-1], dtype=np.float32)
            indices = np.concatenate(hashed_rows) if hashed_rows else np.zeros(0, dtype=np.int64)
            block = sparse.csr_matrix((data, indices, indptr), shape=(len(new), _DIM))
            self._matrix[name] = sparse.vstack([self._matrix[name], block], format="csr")
        instances = [self._codes.setdefault(r.instance_id, len(self._codes)) for r in new]
        experiments = [self._codes.setdefault(r.experiment, len(self._codes)) for r in new]
        self._instance_code = np.concatenate([self._instance_code, instances]).astype(np.int64)
        self._experiment_code = np.concatenate([self._experiment_code, experiments]).astype(np.int64)
        self._completed = np.concatenate([self._completed, [r.completed for r in new]]).astype(bool)
        self._resolved = np.concatenate([self._resolved, [r.resolved for r in new]]).astype(bool)
        raised = [self._codes.setdefault(p, len(self._codes)) if (p := raise_point(r.fields)) else -1 for r in new]
        self._raised = np.concatenate([self._raised, raised]).astype(np.int64)
        self._emb = np.vstack([self._emb, np.stack(vecs).astype(np.float32)])
        for name in FIELDS:
            df = self._df[name]
            n = len(self.ids) + IDF_PSEUDO.get(name, IDF_PSEUDO_RECORDS)
            self._idf[name] = np.log1p((n - df + 0.5) / (df + 0.5)).astype(np.float32)
            self._row_weight[name] = np.asarray(self._matrix[name] @ self._idf[name]).ravel()
        self._columns = {}
        # exact score ties: by content, then instance, then id; never by store position or a random id alone
        order = sorted(range(len(self.ids)), key=lambda i: (self._content[i], self.instances[i], self.ids[i]))
        self._tie = np.empty(len(order), dtype=np.int64)
        self._tie[order] = np.arange(len(order))

    def gate_for(self, query: Query) -> float:
        """The default gate of this query: `threshold` on the confidence; for a query without code `threshold +
        no_code_margin` on its confidence (the score and the same raise point only), without a traceback frame
        either `threshold + no_traceback_margin` on its score; a test-suite report `threshold + report_margin`, without
        code `threshold + no_code_report_margin` (a threshold of 0, no gate, stays 0)."""
        if self.threshold <= 0:
            return self.threshold
        if query.fields.get("report"):
            margin = self.report_margin if query.has_code else self.no_code_report_margin
        elif query.has_code:
            return self.threshold
        else:
            margin = self.no_code_margin if query.fields.get("where") else self.no_traceback_margin
        return min(1.0, max(0.0, self.threshold + margin))

    def _confidence(
        self, query: Query, scores: np.ndarray, parts: dict[str, np.ndarray], allowed: np.ndarray
    ) -> np.ndarray:
        """What the gate reads, in [0, 1]: the score (without the fields that re-rank only) plus the agreement bonuses,
        the consensus term, the template's margin and the top-k agreement, over 1 + their weights (see the notes above);
        for a query without code the score plus `no_code_raised_bonus` for the same raise point,
        `no_code_distinct_weight` x the template's margin and `no_code_agree_weight` x the agreement, over 1 + the three
        (the score without a traceback)."""
        raised, program, consensus = self.raised_bonus, self.program_bonus, self.consensus_weight
        distinct, agree = self.distinct_weight, self.agree_weight
        if not query.has_code:  # the same raise point, the template's margin, the agreement; without a traceback none
            traceback = bool(query.fields.get("where"))
            raised, program, consensus = (self.no_code_raised_bonus if traceback else 0.0), 0.0, 0.0
            distinct = self.no_code_distinct_weight if traceback else 0.0
            agree = self.no_code_agree_weight if traceback else 0.0
        if raised + program + consensus + distinct + agree <= 0:
            return scores
        conf = scores.copy()
        if raised and (point := raise_point(query.fields)) and point in self._codes:
            conf += raised * (self._raised == self._codes[point])
        if program and "program" in parts:
            conf += program * parts["program"]
        if consensus:
            conf += consensus * self._consensus(scores, allowed)
        if distinct:
            conf += distinct * self._template_margin(scores, parts.get("message"), allowed)
        if agree:
            conf += agree * self._agreement(scores, allowed)
        clipped: np.ndarray = np.clip(conf / (1.0 + raised + program + consensus + distinct + agree), 0.0, 1.0)
        return clipped

    def _agreement(self, scores: np.ndarray, allowed: np.ndarray) -> float:
        """The top-k cause agreement: the share of the next AGREE_K - 1 allowed records (by score) that have the best
        one's message template (the same message tokens) and its library raise point (0 with fewer than two)."""
        idx = np.flatnonzero(allowed)
        if len(idx) < 2:
            return 0.0
        if len(idx) > AGREE_K:
            idx = idx[np.argpartition(-scores[idx], AGREE_K - 1)[:AGREE_K]]
        best, *rest = idx[np.lexsort((self._tie[idx], ~self._resolved[idx], -np.round(scores[idx], 9)))].tolist()
        message = self._matrix["message"]
        tokens = message.indices[message.indptr[best] : message.indptr[best + 1]]
        agreed = [
            self._raised[best] >= 0
            and self._raised[r] == self._raised[best]
            and len(tokens) > 0
            and np.array_equal(message.indices[message.indptr[r] : message.indptr[r + 1]], tokens)
            for r in rest
        ]
        return float(sum(agreed)) / len(rest)

    @staticmethod
    def _template_margin(scores: np.ndarray, message: np.ndarray | None, allowed: np.ndarray) -> float:
        """How distinctive the best match is: when the best allowed record has the query's message template, its
        score less the best score of a record of another template (0 when there is none: the whole score); 0 when the
        best record has another template."""
        idx = np.flatnonzero(allowed)
        if message is None or len(idx) == 0:
            return 0.0
        best = idx[int(np.argmax(scores[idx]))]
        if message[best] < SAME_TEMPLATE:
            return 0.0
        other = idx[message[idx] < SAME_TEMPLATE]
        return float(scores[best] - (scores[other].max() if len(other) else 0.0))

    def _consensus(self, scores: np.ndarray, allowed: np.ndarray) -> float:
        """The best score less the mean similarity of the best three records to each other: does the query sit in
        their cluster as tightly as they sit together (0 with fewer than two records)."""
        idx = np.flatnonzero(allowed)
        if len(idx) < 2:
            return 0.0
        if len(idx) > 3:
            idx = idx[np.argpartition(-scores[idx], 2)[:3]]
        top = idx[np.lexsort((self._tie[idx], ~self._resolved[idx], -np.round(scores[idx], 9)))].tolist()
        pairs = [(a, b) for k, a in enumerate(top) for b in top[k + 1 :]]
        mean = sum(0.5 * (self._pair_score(a, b) + self._pair_score(b, a)) for a, b in pairs) / len(pairs)
        return float(scores[top[0]]) - mean

    def _pair_score(self, a: int, b: int) -> float:
        """The score of stored record `a` as a query against stored record `b` (the same weighted mean as `_scores`,
        without the summary's tags, as the gate reads it)."""
        total = denom = 0.0
        for name in FIELDS:
            w = self.weights.get(name, 0.0)
            matrix = self._matrix[name]
            mine = matrix.indices[matrix.indptr[a] : matrix.indptr[a + 1]]
            theirs = matrix.indices[matrix.indptr[b] : matrix.indptr[b + 1]]
            if w <= 0 or len(mine) == 0 or name in RERANK_ONLY:  # the gate's scores leave these out
                continue
            idf, rows = self._idf[name], self._row_weight[name]
            shared = float(idf[np.intersect1d(mine, theirs, assume_unique=True)].sum())
            total += w * 2.0 * shared / max(float(rows[a] + rows[b]), 1e-9)
            denom += w
        if self.embedding_weight > 0:
            total += self.embedding_weight * float(np.clip(self._emb[a] @ self._emb[b], 0.0, 1.0))
            denom += self.embedding_weight
        return total / max(denom, 1e-9)

    def refresh(self) -> None:
        if self.store is not None:
            with self._lock:
                self._add_rows(self.store.index_rows(self._version))

    # scoring -----------------------------------------------------------------------------------------------------
    def _shared_weight(self, name: str, tokens: np.ndarray, idf: np.ndarray) -> np.ndarray:
        """Per record, the idf sum of the query's tokens it holds: only the query's columns are read."""
        if name not in self._columns:
            self._columns[name] = self._matrix[name].tocsc()
        cols = self._columns[name]
        starts, ends = cols.indptr[tokens], cols.indptr[tokens + 1]
        counts = ends - starts
        if not counts.sum():
            return np.zeros(len(self.ids), dtype=np.float32)
        rows = np.concatenate([cols.indices[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)])
        shared: np.ndarray = np.bincount(rows, weights=np.repeat(idf[tokens], counts), minlength=len(self.ids))
        return shared.astype(np.float32)

    def _scores(self, query: Query) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
        """The score of every record, the per-field similarities, and the score without the fields that re-rank
        only (`RERANK_ONLY`: the summary's tags and the APIs), which the gate reads."""
        n = len(self.ids)
        parts: dict[str, np.ndarray] = {}
        total = np.zeros(n, dtype=np.float64)
        denom = np.zeros(n, dtype=np.float64)
        hashes = query.hashes or hashed(query.fields)
        rerank: tuple[np.ndarray, np.ndarray] | None = None  # the fields that re-rank only: numerator, weights
        gate_only = (np.zeros(n), np.zeros(n))  # the fields that gate only: numerator, weights
        for name in FIELDS:
            w = self.weights.get(name, 0.0)
            q = hashes[name]
            if w <= 0 or len(q) == 0:
                continue
            idf = self._idf[name]
            inter = self._shared_weight(name, q, idf)
            rec = self._row_weight[name]
            sim = 2.0 * inter / np.maximum(float(idf[q].sum()) + rec, 1e-9)
            parts[name] = sim
            if name in GATE_ONLY:
                gate_only = (gate_only[0] + w * sim, gate_only[1] + w)
                continue
            if name in RERANK_ONLY:
                # the summary's tags count only where the record has tags too (never required)
                counted = (rec > 0) if name == "tags" else np.ones(n, dtype=bool)
                extra, weight = rerank or (np.zeros(n), np.zeros(n))
                rerank = (extra + w * sim * counted, weight + w * counted)
                continue
            total += w * sim
            denom += w
        if self.embedding_weight > 0:
            # einsum, not BLAS: a multi-threaded BLAS matvec is 10x slower on a busy machine (threads contend)
            cos = np.clip(np.einsum("ij,j->i", self._emb, query.embedding), 0.0, 1.0)
            parts["embedding"] = cos
            total += self.embedding_weight * cos
            denom += self.embedding_weight
        gated = (total + gate_only[0]) / np.maximum(denom + gate_only[1], 1e-9)
        if rerank is None:
            return total / np.maximum(denom, 1e-9), parts, gated
        return (total + rerank[0]) / np.maximum(denom + rerank[1], 1e-9), parts, gated

    def search(
        self,
        query: Query,
        *,
        top_k: int | None = 3,
        exclude: set[str] | None = None,
        threshold: float | None = None,
        include_same_instance: bool = False,
        include_incomplete: bool = False,
        experiment: str | None = None,
        refresh: bool = True,
    ) -> SearchResult:
        """The best records, best first (by score). `top_k=None`: all of them; `threshold=0`: no gate (a full
        ranking); the gate keeps the records whose confidence reaches the threshold (`gate_for`: the default).
        Records of the query's instance, records not completed yet and `exclude`d ids are never returned unless
        asked for; `experiment` keeps only that experiment's records."""
        if refresh:
            self.refresh()
        with self._lock:
            return self._search(
                query, top_k, exclude or set(), self.gate_for(query) if threshold is None else threshold,
                include_same_instance, include_incomplete, experiment,
            )  # fmt: skip

    def _search(
        self,
        query: Query,
        top_k: int | None,
        exclude: set[str],
        threshold: float,
        same_instance: bool,
        incomplete: bool,
        experiment: str | None,
    ) -> SearchResult:
        n = len(self.ids)
        if n == 0 or (top_k is not None and top_k <= 0):
            return SearchResult([], 0)
        allowed = np.ones(n, dtype=bool) if incomplete else self._completed.copy()
        for rid in exclude:
            if (i := self._pos.get(rid)) is not None:
                allowed[i] = False
        if query.instance_id and not same_instance:
            allowed &= self._instance_code != self._codes.get(query.instance_id, -1)
        if experiment is not None:
            allowed &= self._experiment_code == self._codes.get(experiment, -1)
        scores, parts, tagless = self._scores(query)
        confidence = self._confidence(query, tagless, parts, allowed)
        candidates = int(allowed.sum())
        keep = allowed & (confidence >= threshold - 1e-12)
        idx = np.flatnonzero(keep)
        k = len(idx) if top_k is None else min(top_k, len(idx))
        if k < len(idx):  # a cheap preselection: everything tied with the k-th best stays in
            kth = np.partition(-scores[idx], k - 1)[k - 1]
            idx = idx[-scores[idx] <= kth + 1e-9]
        rounded = np.round(scores[idx], 9)
        order = idx[np.lexsort((self._tie[idx], ~self._resolved[idx], -rounded))][:k]
        hits = [
            Hit(self.ids[i], float(scores[i]), {name: float(p[i]) for name, p in parts.items()}, float(confidence[i]))
            for i in order.tolist()
        ]
        return SearchResult(hits, candidates)

    def rank(self, query: Query, *, exclude: set[str] | None = None, **filters: Any) -> list[Hit]:
        """The full ranking without the gate (evaluation): every allowed record, best first."""
        return self.search(query, top_k=None, threshold=0.0, exclude=exclude, refresh=False, **filters).hits


_SHARED_LOCK = threading.Lock()
_SHARED: weakref.WeakValueDictionary[tuple, BugIndex] = weakref.WeakValueDictionary()


def shared_index(store: BugStore, **params: Any) -> BugIndex:
    """One index per store file and settings in a process: parallel agents (threads) share its build. A store
    deleted and made again at its path is another store (its own id): the old index knew none of its rows."""
    key = (str(store.path.resolve()), store.id, tuple(sorted((k, repr(v)) for k, v in params.items())))
    with _SHARED_LOCK:
        index = _SHARED.get(key)
        if index is None:
            index = _SHARED[key] = BugIndex(store, **params)
        return index
