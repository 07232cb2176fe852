// Writes circomlibjs.json: Poseidon hashes computed by circomlibjs (the JavaScript
// library that circom's Poseidon circuit is tested against), for zkhost-poseidon's
// tests, plus a SHA-256 digest of circomlibjs's published constants per width.
//
//   npm install circomlibjs@0.1.7 && node gen_circomlibjs.mjs > circomlibjs.json
//
// Inputs are derived from SHA-256 of a label (deterministic, so a rerun reproduces
// the file byte for byte), reduced mod r, plus all zeros, all r − 1 and 1..n.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildPoseidon, buildPoseidonReference } from "circomlibjs";

const require = createRequire(import.meta.url);
// The package's exports hide its files: find them beside its entry point
// (build/main.cjs).
const pkgDir = dirname(dirname(require.resolve("circomlibjs")));
const constants = JSON.parse(readFileSync(join(pkgDir, "src", "poseidon_constants.json"), "utf8"));
const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;

const r = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const hex = (x) => x.toString(16).padStart(64, "0");
const derive = (label) => BigInt("0x" + createHash("sha256").update(label).digest("hex")) % r;

const opt = await buildPoseidon();
const ref = await buildPoseidonReference();
const hash = (inputs) => {
  const a = opt.F.toObject(opt(inputs));
  const b = ref.F.toObject(ref(inputs));
  if (a !== b) throw new Error("circomlibjs optimised and reference disagree");
  return a;
};

const cases = [];
for (let n = 1; n <= 16; n++) {
  const sets = [
    Array(n).fill(0n),
    Array(n).fill(r - 1n),
    Array.from({ length: n }, (_, i) => BigInt(i + 1)),
  ];
  for (let k = 0; k < 12; k++) {
    sets.push(Array.from({ length: n }, (_, i) => derive(`zkhost-poseidon ${n} ${k} ${i}`)));
  }
  for (const inputs of sets) {
    cases.push({ inputs: inputs.map(hex), output: hex(hash(inputs)) });
  }
}

// Per width t: SHA-256 over the round constants (C[t-2], in order) then the MDS
// matrix (M[t-2], row by row), each element 32 bytes big-endian.
const constants_sha256 = {};
for (let t = 2; t <= 17; t++) {
  const h = createHash("sha256");
  for (const c of constants.C[t - 2]) h.update(Buffer.from(hex(BigInt(c)), "hex"));
  for (const row of constants.M[t - 2]) for (const m of row) h.update(Buffer.from(hex(BigInt(m)), "hex"));
  constants_sha256[t] = h.digest("hex");
}

process.stdout.write(JSON.stringify({
  source: `circomlibjs ${version}, buildPoseidon and buildPoseidonReference (which agree on every case)`,
  constants_sha256,
  cases,
}, null, 1) + "\n");
