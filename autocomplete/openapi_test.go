package autocomplete_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/autocomplete"
)

// TestOpenAPISchemas checks that the OpenAPI document describes the
// response field for field: every JSON field of the types is a property of
// its schema, and every property is a field.
func TestOpenAPISchemas(t *testing.T) {
	data, err := os.ReadFile("../httpapi/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{
		"AutocompleteResponse": autocomplete.Response{},
		"Suggestion":           autocomplete.Suggestion{},
		"Span":                 autocomplete.Span{},
		"Components":           autocomplete.Components{},
		"Match":                autocomplete.Match{},
	} {
		var fields []string
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			if tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ","); tag != "" && tag != "-" {
				fields = append(fields, tag)
			}
		}
		var props []string
		for p := range doc.Components.Schemas[name].Properties {
			props = append(props, p)
		}
		slices.Sort(fields)
		slices.Sort(props)
		if !slices.Equal(fields, props) {
			t.Errorf("schema %s has %v, the type %v", name, props, fields)
		}
	}
}
