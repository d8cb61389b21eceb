# A job of many ranks (bench/job_folder's synthetic folders): the text
# report folds the per-rank table to the outliers (a rank left out), the 5
# slowest and the 5 fastest, the JSON report lists every rank; a job of
# 4,096 ranks is reported within 256 MB.
. "$OI_SRC/tests/lib.sh"
OI_INVARIANT_SKIP="synthetic traces"
generator="$OI_BUILD/bin/job_folder"
"$generator" job 40 100
rm job/rank-17/trace.oit
"$OI" report job --top 0 > job.txt 2> err || fail "report: $(cat err)"
expect_eq "$(grep -c '^    rank ' job.txt)" 11 "rank lines: 1 outlier, 5 slowest, 5 fastest"
grep -q "^  ranks     39 ranks (39 of 40 rank folders; see below)$" job.txt || fail "ranks: $(cat job.txt)"
grep -q "^    rank 17 *LEFT OUT: no trace" job.txt || fail "the rank left out: $(cat job.txt)"
# job_folder's rank N runs longer than rank N-1
expect_eq "$(grep 'slowest, run time' job.txt | awk '{print $2}' | tr '\n' ' ')" "39 38 37 36 35 " "slowest"
expect_eq "$(grep 'fastest, run time' job.txt | awk '{print $2}' | tr '\n' ' ')" "4 3 2 1 0 " "fastest"
grep -q "^    (39 ranks merged, median run time .*; --format json lists every rank)$" job.txt ||
  fail "the folded ranks' line: $(cat job.txt)"
"$OI" report job --format json > job.json 2> /dev/null || fail "json report"
"$OI_PYTHON" - job.json <<'PY' || fail "json ranks"
import json, sys
ranks = json.load(open(sys.argv[1]))["run"]["processes"]
assert [r["rank"] for r in ranks] == list(range(40)), [r["rank"] for r in ranks]
assert "problem" in ranks[17] and all(r["events"] == 100 for r in ranks if r["rank"] != 17)
PY
# 4,096 ranks in bounded memory
"$generator" big 4096 10
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f %M -o rss "$OI" report big --top 0 > big.txt || fail "4096 ranks: report"
  [ "$(cat rss)" -le $((256 * 1024)) ] || fail "4096 ranks: peak memory $(cat rss) kB"
else
  "$OI" report big --top 0 > big.txt || fail "4096 ranks: report"
fi
grep -q "^  ranks     4096 ranks$" big.txt || fail "4096 ranks: $(head big.txt)"
expect_eq "$(grep -c '^    rank ' big.txt)" 10 "4096 ranks: rank lines"
