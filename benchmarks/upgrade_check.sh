#!/usr/bin/env bash
# Check an upgrade end to end on throwaway databases (docs/verify.md "Checking an
# upgrade"):
#   1. the OLD commit's code (a detached worktree) migrates a fresh PostgreSQL database
#      and fills it the way its users would have: leagues through `manage.py run_league`
#      (Celery workers), then benchmarks/upgrade/fill.py (stand-alone games with bots and
#      people, live and finished, imported records, frozen-release games, a person at a
#      tournament table, arbiters' result_adjusted / game_voided), and snapshots its API;
#   2. a copy of that database (createdb -T) is migrated by THIS tree's code, which then
#      runs `check`, `regress_games`, `verify_games` and snapshots the API again;
#   3. the two snapshots are compared (benchmarks/upgrade/compare.py).
# Prints a summary; exit 1 if any step failed.
#
#   benchmarks/upgrade_check.sh OLD_COMMIT
#   env: PYTHON (default .venv/bin/python), PGURL (postgres://postgres@127.0.0.1:5432),
#        UPGRADE_DB (database name prefix, default kolkhoz_upgrade_check),
#        KEEP_DBS=1 keeps both databases, KEEP_OLD=1 keeps the old one (to rerun step 2),
#        UPGRADE_EXAMPLES (more directories of records to import, colon-separated;
#        the repository's own examples are always imported).
# Celery's broker and the cache are the embedded ones (SQLite under a temporary var
# directory): no Redis database is touched.
set -uo pipefail

OLD=${1:?usage: benchmarks/upgrade_check.sh OLD_COMMIT}
NEW=$(cd "$(dirname "$0")/.." && pwd)
cd "$NEW"
PYTHON=${PYTHON:-.venv/bin/python}
[[ $PYTHON = /* ]] || PYTHON="$NEW/$PYTHON"
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432}
DB=${UPGRADE_DB:-kolkhoz_upgrade_check}
WORK=$(mktemp -d /tmp/kolkhoz-upgrade.XXXXXX)
OLD_TREE="$WORK/old"
PG_ARGS=(-h "$(sed -E 's#.*@([^:/]+).*#\1#' <<<"$PGURL")" -p "$(sed -E 's#.*:([0-9]+)$#\1#' <<<"$PGURL")"
         -U "$(sed -E 's#^[a-z]+://([^@:]+).*#\1#' <<<"$PGURL")")

unset REDIS_URL CELERY_BROKER_URL DEBUG
export KOLKHOZ_VAR_DIR="$WORK/var" SECURE_HTTPS=false
SECRET_KEY=$(python3 -c "import secrets; print(secrets.token_urlsafe(50))")
export SECRET_KEY
FAILED=()

dropdb() {  # quietly: "does not exist, skipping" is no news
    PGOPTIONS="-c client_min_messages=warning" command dropdb "$@"
}

cleanup() {
    git -C "$NEW" worktree remove --force "$OLD_TREE" >/dev/null 2>&1
    if [ "${KEEP_DBS:-}" != 1 ]; then
        dropdb "${PG_ARGS[@]}" --if-exists "${DB}_new"
        [ "${KEEP_OLD:-}" = 1 ] || dropdb "${PG_ARGS[@]}" --if-exists "${DB}_old"
    fi
}
trap cleanup EXIT

step() {  # step NAME TREE DATABASE CMD...: run CMD in TREE against DATABASE, log, time
          # (a NAME ending in "?" is the old release's own view: reported, never failing)
    local label=$1 name=${1%\?} tree=$2 db=$3 informative=${1: -1}; shift 3
    local start end
    start=$(date +%s.%N)
    (cd "$tree" && PYTHONPATH="$tree" DATABASE_URL="$PGURL/$db" "$@") >"$WORK/$name.log" 2>&1
    local rc=$?
    end=$(date +%s.%N)
    printf '%-26s %6.1f s  exit %d  %s\n' "$label" "$(echo "$end - $start" | bc)" "$rc" \
        "$(grep -v '^\s*$' "$WORK/$name.log" | tail -n1 | cut -c1-110)" | tee -a "$WORK/summary"
    [ $rc = 0 ] || [ "$informative" = "?" ] || FAILED+=("$name")
    return $rc
}

echo "old $OLD ($(git rev-parse --short "$OLD")) -> new $(git rev-parse --short HEAD) in $NEW; work dir $WORK"
git worktree add --detach "$OLD_TREE" "$OLD" >/dev/null 2>&1 || { echo "cannot check out $OLD"; exit 1; }
dropdb "${PG_ARGS[@]}" --if-exists "${DB}_old" && dropdb "${PG_ARGS[@]}" --if-exists "${DB}_new"
createdb "${PG_ARGS[@]}" "${DB}_old" || exit 1

# 1. the old release, as its users would have filled it
step old-migrate "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py migrate --noinput || exit 1
step old-league-swiss "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py run_league --preset kolkhoz \
    --bots 8 --bot-kinds random,heuristic --format swiss --rounds 3 --seed up-1 --workers 2
step old-league-rr "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py run_league --preset kolkhoznik \
    --bots 4 --bot-kinds heuristic,ismcts --format round-robin --rounds 2 --seed up-2 --workers 2
step old-league-series "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py run_league --preset zone \
    --bots 4 --bot-kinds random,heuristic --format series --rounds 2 --seed up-3 \
    --secret explicit-up-3 --workers 2
step old-fill "$OLD_TREE" "${DB}_old" "$PYTHON" "$NEW/benchmarks/upgrade/fill.py" \
    --out "$WORK/fill.json"
step "old-regress?" "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py regress_games
step "old-verify?" "$OLD_TREE" "${DB}_old" "$PYTHON" manage.py verify_games
step old-snapshot "$OLD_TREE" "${DB}_old" "$PYTHON" "$NEW/benchmarks/upgrade/snapshot.py" \
    --fill "$WORK/fill.json" --out "$WORK/old.json"

# 2. a copy, upgraded by this tree's code
createdb "${PG_ARGS[@]}" -T "${DB}_old" "${DB}_new" || exit 1
step new-migrate "$NEW" "${DB}_new" "$PYTHON" manage.py migrate --noinput || exit 1
step new-check "$NEW" "${DB}_new" "$PYTHON" manage.py check
step new-regress "$NEW" "${DB}_new" "$PYTHON" manage.py regress_games
step new-verify "$NEW" "${DB}_new" "$PYTHON" manage.py verify_games
step new-snapshot "$NEW" "${DB}_new" "$PYTHON" benchmarks/upgrade/snapshot.py \
    --fill "$WORK/fill.json" --out "$WORK/new.json"

# 3. the same answers. Engine 0.2.0's x.key_order fix (4837f7a) lists the cards on a
# field (and so a 36-card Orden cellar, and the explanations) in play order: against a
# release before it, the same cards in another order are expected (reported, allowed).
# Deliberate changes since: benchmarks/upgrade/known_changes.tsv, the lines whose commit
# the old release predates.
ALLOW=()
git merge-base --is-ancestor 4837f7a "$OLD" 2>/dev/null || ALLOW=(--allow-reordered)
: >"$WORK/known.tsv"
while IFS=$'\t' read -r commit scope kind why; do
    [[ -z $commit || $commit = \#* ]] && continue
    git merge-base --is-ancestor "$commit" "$OLD" 2>/dev/null ||
        printf '%s\t%s\t%s\n' "$scope" "$kind" "$why ($commit)" >>"$WORK/known.tsv"
done <benchmarks/upgrade/known_changes.tsv
step compare "$NEW" "${DB}_new" "$PYTHON" benchmarks/upgrade/compare.py "$WORK/old.json" \
    "$WORK/new.json" "${ALLOW[@]}" --known "$WORK/known.tsv"

echo
echo "games stored by the old release:"
"$PYTHON" - "$WORK/fill.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k, v in sorted(d["games"].items()):
    print(f"  {k:32} {v}")
print(f"  total {d['total_games']} ({d['by_status']}); imports refused: {len(d['import_refused'])}"
      + (f"; skipped: {d['skipped']}" if d["skipped"] else ""))
PY
echo "migrations applied by the new code:"; grep Applying "$WORK/new-migrate.log" | sed 's/^/ /'
echo "API before and after (benchmarks/upgrade/compare.py):"
grep -vE '^\s*$' "$WORK/compare.log" | cut -c1-160 | sed 's/^/  /'
echo "logs: $WORK"
if [ ${#FAILED[@]} -gt 0 ]; then
    echo "FAILED: ${FAILED[*]}"
    exit 1
fi
echo "upgrade check passed"
