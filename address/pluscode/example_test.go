package pluscode_test

import (
	"fmt"

	"github.com/addrkit/addrkit/address/pluscode"
)

func ExampleEncode() {
	code, _ := pluscode.Encode(6.4281, 3.4219, 10) // Victoria Island, Lagos
	fmt.Println(code)
	// Output: 6FR5CCHC+6Q
}

func ExampleDecode() {
	a, _ := pluscode.Decode("6FR5CCHC+6Q")
	lat, lng := a.Center()
	fmt.Printf("%.5f %.5f\n", lat, lng)
	// Output: 6.42806 3.42194
}

func ExampleRecoverNearest() {
	// "CCHC+6Q, Lagos": the short code is recovered near the centre of Lagos.
	code, _ := pluscode.RecoverNearest("CCHC+6Q", 6.455, 3.394)
	fmt.Println(code)
	// Output: 6FR5CCHC+6Q
}

func ExampleShorten() {
	short, _ := pluscode.Shorten("6FR5CCHC+6Q", 6.455, 3.394)
	fmt.Println(short)
	// Output: CCHC+6Q
}

func ExampleIsValid() {
	fmt.Println(pluscode.IsValid("8JGR+PQW"), pluscode.IsShort("8JGR+PQW"), pluscode.IsFull("8JGR+PQW"))
	// Output: true true false
}
