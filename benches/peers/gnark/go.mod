module zkhost.dev/benches/peers/gnark

go 1.23.0

require github.com/consensys/gnark-crypto v0.18.1

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
