// Command gnark is gnark-crypto's side of zkhost's same-inputs comparison
// (host/bn254/examples/same_inputs.rs): it reads the inputs zkhost's example wrote
// into DIR, prints its outputs as `out <case> <hex>` lines, which must be
// byte-identical to zkhost's, then times the same operations the same way and prints
// `time <case> median_ns=<m> rounds=<r1,…>` per case.
//
//	GOMAXPROCS=1 gnark DIR
//
// The precompile cases mirror go-ethereum's runBn256Add, runBn256ScalarMul and
// runBn256Pairing over its gnark-crypto backend (crypto/bn256/gnark), from bytes to
// bytes: a G1 point is two coordinates < p on the curve, (0,0) being infinity; a G2
// point is in the EVM order (imaginary parts first), every coordinate < p, on the
// twist and in the subgroup, all zeros being infinity; the pairing answers 32 bytes,
// 0…01 or 0…00, and 0…01 on an empty input. Short ecadd and ecmul inputs are padded
// with zeros, as the EVM reads call data.
//
// Cases, in the order zkhost prints them: ecadd, ecmul, pairing1, pairing2, pairing4,
// pairing10 (from <case>.hex); g2check (decodes and checks g2.hex, printed as
// `out g2 ok`); msmK for every msmK.hex zkhost wrote, K ascending (the G1
// multi-scalar multiplication of zkhost's alt_bn128_g1_msm: 96-byte records of a
// point, checked as ECADD's, and a 32-byte big-endian scalar reduced mod r; 64 bytes
// out; gnark-crypto's G1Affine.MultiExp with one task); miller1 (the Miller loop of
// pairing1's decoded pair); finalexp (the final exponentiation of the Miller value of pairing2's pairs); and the chains, each
// `chain` dependent operations from the operands zkhost wrote: fpmul (x·fpb from
// fpa), fp2sq (x² from fp2a), fp2mul (x·fp2b from fp2a), fp6mul (x·fp6b from fp6a),
// fp12mul (x·gt from fp12a) and cyclosq (the cyclotomic square, from gt). A chain's
// out line is its value after exactly `chain` operations.
//
// The tower is gnark-crypto's and zkhost's alike: Fp2 = Fp[u]/(u²+1), Fp6 =
// Fp2[v]/(v³−(9+u)), Fp12 = Fp6[w]/(w²−v). An operand file holds, in lowercase hex,
// each Fp coefficient as 32 big-endian bytes (< p), an Fp2 as c0 then c1, an Fp6 as
// c0, c1, c2 and an Fp12 as c0 then c1.
//
// Timing, as zkhost's example: ROUNDS rounds (default 7), round-robin over the
// cases, each case at least ROUND_MS milliseconds per round (default 300) with a
// batch size learned from one call; chain cases are reported per operation. CASES,
// a comma-separated list of case names, times only those (to profile one case).
package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fp"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
)

// chain is the number of operations in one call of a chain case.
const chain = 1000

// Results land here so that no timed call is optimised away.
var (
	sinkBytes []byte
	sinkErr   error
	sinkG2    bn254.G2Affine
	sinkGT    bn254.GT
	sinkFp    fp.Element
	sinkE2    bn254.E2
	sinkE6    bn254.E6
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "gnark: "+format+"\n", args...)
	os.Exit(1)
}

// readHex is the bytes of DIR/<name>.hex.
func readHex(dir, name string) []byte {
	raw, err := os.ReadFile(filepath.Join(dir, name+".hex"))
	if err != nil {
		fail("%v", err)
	}
	b, err := hex.DecodeString(strings.TrimSpace(string(raw)))
	if err != nil {
		fail("%s.hex: %v", name, err)
	}
	return b
}

// padded is input[at:at+n], zeros past the input's end.
func padded(input []byte, at, n int) []byte {
	out := make([]byte, n)
	if at < len(input) {
		copy(out, input[at:])
	}
	return out
}

func allZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// decodeG1 reads 64 bytes: x, y, each < p; (0,0) is infinity, anything else must lie
// on the curve (the subgroup check is go-ethereum's too; for BN254's G1 it is the
// curve check again).
func decodeG1(b []byte) (p bn254.G1Affine, err error) {
	if allZero(b[:64]) {
		return p, nil
	}
	if p.X.SetBytesCanonical(b[0:32]) != nil || p.Y.SetBytesCanonical(b[32:64]) != nil {
		return p, errors.New("G1 coordinate not below p")
	}
	if !p.IsOnCurve() {
		return p, errors.New("G1 point not on the curve")
	}
	if !p.IsInSubGroup() {
		return p, errors.New("G1 point not in the subgroup")
	}
	return p, nil
}

// decodeG2 reads 128 bytes in the EVM order, x's imaginary part, x's real part, then
// y's; all zeros is infinity, anything else must lie on the twist and in the subgroup.
func decodeG2(b []byte) (q bn254.G2Affine, err error) {
	if allZero(b[:128]) {
		return q, nil
	}
	if q.X.A1.SetBytesCanonical(b[0:32]) != nil || q.X.A0.SetBytesCanonical(b[32:64]) != nil ||
		q.Y.A1.SetBytesCanonical(b[64:96]) != nil || q.Y.A0.SetBytesCanonical(b[96:128]) != nil {
		return q, errors.New("G2 coordinate not below p")
	}
	if !q.IsOnCurve() {
		return q, errors.New("G2 point not on the twist")
	}
	if !q.IsInSubGroup() {
		return q, errors.New("G2 point not in the subgroup")
	}
	return q, nil
}

// encodeG1 is x, y, 32 big-endian bytes each; infinity, (0,0), is 64 zeros.
func encodeG1(p *bn254.G1Affine) []byte {
	x, y := p.X.Bytes(), p.Y.Bytes()
	return append(append(make([]byte, 0, 64), x[:]...), y[:]...)
}

// ecadd is the ECADD precompile (0x06): 128 bytes in, 64 out.
func ecadd(input []byte) ([]byte, error) {
	a, err := decodeG1(padded(input, 0, 64))
	if err != nil {
		return nil, err
	}
	b, err := decodeG1(padded(input, 64, 64))
	if err != nil {
		return nil, err
	}
	var r bn254.G1Affine
	r.Add(&a, &b)
	return encodeG1(&r), nil
}

// ecmul is the ECMUL precompile (0x07): a point and a 32-byte scalar in, 64 out.
func ecmul(input []byte) ([]byte, error) {
	a, err := decodeG1(padded(input, 0, 64))
	if err != nil {
		return nil, err
	}
	k := new(big.Int).SetBytes(padded(input, 64, 32))
	var r bn254.G1Affine
	r.ScalarMultiplication(&a, k)
	return encodeG1(&r), nil
}

// msmSizes are the record counts K of the msmK.hex files in dir, ascending: the sizes
// are zkhost's example's to choose, written once there.
func msmSizes(dir string) []int {
	files, err := filepath.Glob(filepath.Join(dir, "msm*.hex"))
	if err != nil {
		fail("%v", err)
	}
	var sizes []int
	for _, f := range files {
		k, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "msm"), ".hex"))
		if err != nil {
			fail("%s: not msm<count>.hex", f)
		}
		sizes = append(sizes, k)
	}
	sort.Ints(sizes)
	return sizes
}

// msm is zkhost's G1 multi-scalar multiplication (alt_bn128_g1_msm): k ≥ 1 records of
// a 64-byte G1 point, decoded as ECADD's, and a 32-byte big-endian scalar taken mod r;
// 64 bytes out, the sum (infinity as 64 zeros). One task: GOMAXPROCS=1 and a host
// function run on one thread.
func msm(input []byte) ([]byte, error) {
	if len(input) == 0 || len(input)%96 != 0 {
		return nil, errors.New("msm input not a positive multiple of 96 bytes")
	}
	n := len(input) / 96
	points := make([]bn254.G1Affine, n)
	scalars := make([]fr.Element, n)
	for i := range n {
		record := input[96*i : 96*(i+1)]
		p, err := decodeG1(record[:64])
		if err != nil {
			return nil, err
		}
		points[i] = p
		scalars[i].SetBytes(record[64:96])
	}
	var r bn254.G1Affine
	if _, err := r.MultiExp(points, scalars, ecc.MultiExpConfig{NbTasks: 1}); err != nil {
		return nil, err
	}
	return encodeG1(&r), nil
}

// decodePairs reads a pairing input, 192 bytes a pair.
func decodePairs(input []byte) ([]bn254.G1Affine, []bn254.G2Affine, error) {
	if len(input)%192 != 0 {
		return nil, nil, errors.New("pairing input not a multiple of 192 bytes")
	}
	ps := make([]bn254.G1Affine, 0, len(input)/192)
	qs := make([]bn254.G2Affine, 0, len(input)/192)
	for at := 0; at < len(input); at += 192 {
		p, err := decodeG1(input[at : at+64])
		if err != nil {
			return nil, nil, err
		}
		q, err := decodeG2(input[at+64 : at+192])
		if err != nil {
			return nil, nil, err
		}
		ps, qs = append(ps, p), append(qs, q)
	}
	return ps, qs, nil
}

// pairing is the pairing-check precompile (0x08): 32 bytes out, 0…01 if the
// product of the pairings is one (or there is no pair), else 0…00.
func pairing(input []byte) ([]byte, error) {
	ps, qs, err := decodePairs(input)
	if err != nil {
		return nil, err
	}
	ok := true
	if len(ps) > 0 {
		one, err := bn254.PairingCheck(ps, qs)
		ok = one && err == nil
	}
	out := make([]byte, 32)
	if ok {
		out[31] = 1
	}
	return out, nil
}

// operand is DIR/<name>.hex, which must hold n bytes.
func operand(dir, name string, n int) []byte {
	b := readHex(dir, name)
	if len(b) != n {
		fail("%s.hex: %d bytes, not %d", name, len(b), n)
	}
	return b
}

func readFp(b []byte) (e fp.Element) {
	if err := e.SetBytesCanonical(b); err != nil {
		fail("operand coefficient %x: %v", b, err)
	}
	return e
}

func readE2(b []byte) (z bn254.E2) {
	z.A0, z.A1 = readFp(b[0:32]), readFp(b[32:64])
	return z
}

func readE6(b []byte) (z bn254.E6) {
	z.B0, z.B1, z.B2 = readE2(b[0:64]), readE2(b[64:128]), readE2(b[128:192])
	return z
}

func readE12(b []byte) (z bn254.GT) {
	z.C0, z.C1 = readE6(b[0:192]), readE6(b[192:384])
	return z
}

func fpBytes(out []byte, e *fp.Element) []byte {
	b := e.Bytes()
	return append(out, b[:]...)
}

func e2Bytes(out []byte, z *bn254.E2) []byte {
	return fpBytes(fpBytes(out, &z.A0), &z.A1)
}

func e6Bytes(out []byte, z *bn254.E6) []byte {
	return e2Bytes(e2Bytes(e2Bytes(out, &z.B0), &z.B1), &z.B2)
}

func e12Bytes(out []byte, z *bn254.GT) []byte {
	return e6Bytes(e6Bytes(out, &z.C0), &z.C1)
}

func envOr(name string, def uint64) uint64 {
	v, err := strconv.ParseUint(os.Getenv(name), 10, 64)
	if err != nil {
		return def
	}
	return v
}

type job struct {
	name string
	per  float64 // operations per call
	run  func()
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gnark DIR")
		os.Exit(2)
	}
	dir := os.Args[1]

	names := []string{"ecadd", "ecmul", "pairing1", "pairing2", "pairing4", "pairing10", "g2"}
	for _, k := range msmSizes(dir) {
		names = append(names, fmt.Sprintf("msm%d", k))
	}
	inputs := make(map[string][]byte, len(names))
	for _, name := range names {
		input := readHex(dir, name)
		inputs[name] = input
		var out []byte
		var err error
		switch name {
		case "ecadd":
			out, err = ecadd(input)
		case "ecmul":
			out, err = ecmul(input)
		case "g2":
			out = []byte("refused")
			if _, e := decodeG2(input); e == nil {
				out = []byte("ok")
			}
		default:
			if strings.HasPrefix(name, "msm") {
				out, err = msm(input)
			} else {
				out, err = pairing(input)
			}
		}
		switch {
		case err != nil:
			fmt.Printf("out %s error: %v\n", name, err)
		case name == "g2":
			fmt.Printf("out %s %s\n", name, out)
		default:
			fmt.Printf("out %s %x\n", name, out)
		}
	}

	// The chains, each call `chain` dependent operations that go on from where the
	// last call stopped: the first call starts from the operands zkhost wrote, and the
	// value after it is the case's out line.
	fpA, fpB := readFp(operand(dir, "fpa", 32)), readFp(operand(dir, "fpb", 32))
	fp2A, fp2B := readE2(operand(dir, "fp2a", 64)), readE2(operand(dir, "fp2b", 64))
	fp6A, fp6B := readE6(operand(dir, "fp6a", 192)), readE6(operand(dir, "fp6b", 192))
	fp12A, gt := readE12(operand(dir, "fp12a", 384)), readE12(operand(dir, "gt", 384))
	x, s2, m2, m6, m12, c12 := fpA, fp2A, fp2A, fp6A, fp12A, gt
	chains := []struct {
		job
		value func() []byte
	}{
		{job{"fpmul", chain, func() {
			for i := 0; i < chain; i++ {
				x.Mul(&x, &fpB)
			}
			sinkFp = x
		}}, func() []byte { return fpBytes(nil, &x) }},
		{job{"fp2sq", chain, func() {
			for i := 0; i < chain; i++ {
				s2.Square(&s2)
			}
			sinkE2 = s2
		}}, func() []byte { return e2Bytes(nil, &s2) }},
		{job{"fp2mul", chain, func() {
			for i := 0; i < chain; i++ {
				m2.Mul(&m2, &fp2B)
			}
			sinkE2 = m2
		}}, func() []byte { return e2Bytes(nil, &m2) }},
		{job{"fp6mul", chain, func() {
			for i := 0; i < chain; i++ {
				m6.Mul(&m6, &fp6B)
			}
			sinkE6 = m6
		}}, func() []byte { return e6Bytes(nil, &m6) }},
		{job{"fp12mul", chain, func() {
			for i := 0; i < chain; i++ {
				m12.Mul(&m12, &gt)
			}
			sinkGT = m12
		}}, func() []byte { return e12Bytes(nil, &m12) }},
		{job{"cyclosq", chain, func() {
			for i := 0; i < chain; i++ {
				c12.CyclotomicSquare(&c12)
			}
			sinkGT = c12
		}}, func() []byte { return e12Bytes(nil, &c12) }},
	}
	for _, c := range chains {
		c.run()
		fmt.Printf("out %s %x\n", c.name, c.value())
	}

	p1, q1, err := decodePairs(inputs["pairing1"])
	if err != nil {
		fail("pairing1: %v", err)
	}
	p2, q2, err := decodePairs(inputs["pairing2"])
	if err != nil {
		fail("pairing2: %v", err)
	}
	miller2, err := bn254.MillerLoop(p2, q2)
	if err != nil {
		fail("pairing2's Miller loop: %v", err)
	}

	var jobs []job
	for _, name := range names {
		input := inputs[name]
		switch name {
		case "ecadd":
			jobs = append(jobs, job{name, 1, func() { sinkBytes, sinkErr = ecadd(input) }})
		case "ecmul":
			jobs = append(jobs, job{name, 1, func() { sinkBytes, sinkErr = ecmul(input) }})
		case "g2":
			jobs = append(jobs, job{"g2check", 1, func() { sinkG2, sinkErr = decodeG2(input) }})
		default:
			if strings.HasPrefix(name, "msm") {
				jobs = append(jobs, job{name, 1, func() { sinkBytes, sinkErr = msm(input) }})
				continue
			}
			jobs = append(jobs, job{name, 1, func() { sinkBytes, sinkErr = pairing(input) }})
		}
	}
	jobs = append(jobs,
		job{"miller1", 1, func() { sinkGT, sinkErr = bn254.MillerLoop(p1, q1) }},
		job{"finalexp", 1, func() { sinkGT = bn254.FinalExponentiation(&miller2) }},
	)
	for _, c := range chains {
		jobs = append(jobs, c.job)
	}

	// CASES (comma-separated names) times only those cases, for a profiler: `perf
	// record` of one case alone (run.sh leaves it unset).
	if only := os.Getenv("CASES"); only != "" {
		keep := jobs[:0]
		for _, j := range jobs {
			if strings.Contains(","+only+",", ","+j.name+",") {
				keep = append(keep, j)
			}
		}
		jobs = keep
	}

	rounds := int(envOr("ROUNDS", 7))
	if rounds < 1 {
		fail("ROUNDS must be at least 1")
	}
	round := int64(envOr("ROUND_MS", 300)) * int64(time.Millisecond)
	// One call to learn each case's batch size.
	batches := make([]int64, len(jobs))
	for i, j := range jobs {
		t := time.Now()
		j.run()
		batches[i] = max(round/max(time.Since(t).Nanoseconds(), 50), 1)
	}
	times := make([][]float64, len(jobs))
	for r := 0; r < rounds; r++ {
		for i, j := range jobs {
			n := batches[i]
			start := time.Now()
			for k := int64(0); k < n; k++ {
				j.run()
			}
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/float64(n))
		}
	}
	for i, j := range jobs {
		per := make([]string, len(times[i]))
		sorted := make([]float64, len(times[i]))
		for k, v := range times[i] {
			sorted[k] = v / j.per
			per[k] = strconv.FormatFloat(v/j.per, 'f', 1, 64)
		}
		sort.Float64s(sorted)
		fmt.Printf("time %s median_ns=%.1f rounds=%s\n", j.name, sorted[len(sorted)/2], strings.Join(per, ","))
	}
}
