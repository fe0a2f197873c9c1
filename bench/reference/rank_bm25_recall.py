"""The Python side of bench/lme_recall_bench.ts (issue 28 item 7): rank_bm25's BM25Okapi over the
same corpora as `memaudit scale recall` (every turn of each question's haystack, tokens =
re.findall(r"[^\\W_]+", text.lower()), the question as the query, ties by corpus order), timed in
process CPU seconds. rank_bm25 itself is not part of this repository: pass the folder holding
rank_bm25.py (e.g. from github:dorianbrown/rank_bm25) as the first argument.

Usage: python3 rank_bm25_recall.py RANK_BM25_DIR LONGMEMEVAL.json RANKINGS_OUT.jsonl

LONGMEMEVAL.json must hold one instance per line ("[", "{...},", ..., "]"), as the bench writes it
(and as `memaudit scale ladder` does), so it is read one instance at a time.
"""
import json
import re
import sys
import time

sys.path.insert(0, sys.argv[1])
import numpy as np  # noqa: E402
from rank_bm25 import BM25Okapi  # noqa: E402

WORD = re.compile(r"[^\W_]+")


def instances(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line in ("[", "]", ""):
                continue
            yield json.loads(line.rstrip(","))


def main():
    t0 = time.process_time()
    read = tokenize = bm25 = 0.0
    n = 0
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        it = instances(sys.argv[2])
        while True:
            a = time.process_time()
            inst = next(it, None)
            b = time.process_time()
            read += b - a
            if inst is None:
                break
            corpus = [WORD.findall(t["content"].lower()) for s in inst["haystack_sessions"] for t in s]
            query = WORD.findall(inst["question"].lower())
            c = time.process_time()
            tokenize += c - b
            scores = BM25Okapi(corpus).get_scores(query)
            ranking = np.lexsort((np.arange(len(scores)), -scores))
            bm25 += time.process_time() - c
            out.write(json.dumps({"question_id": inst["question_id"], "ranking": ranking.tolist()}) + "\n")
            n += 1
    total = time.process_time() - t0
    print(json.dumps({"questions": n, "cpu_s": total, "read_s": read, "tokenize_s": tokenize, "bm25_s": bm25}))


if __name__ == "__main__":
    main()
