// Package testfiles writes the small address files that tests submit.
package testfiles

import (
	"fmt"
	"strings"
)

// AddressCSV returns a CSV file of n Nigerian addresses with the columns
// id, street, city and state; row i has the id i.
func AddressCSV(n int) string {
	var b strings.Builder
	b.WriteString("id,street,city,state\n")
	towns := []string{"Ikeja,Lagos", "Wuse 2,Abuja", "Yaba,Lagos", "Kano,Kano"}
	for i := range n {
		fmt.Fprintf(&b, "%d,%d Allen Avenue,%s\n", i, i%50+1, towns[i%len(towns)])
	}
	return b.String()
}
