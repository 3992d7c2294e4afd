package fault_test

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/addrkit/addrkit/internal/fault"
)

var errNoRecords = fault.New(fault.NoRecords, "The file has no records.")

func TestCodeAndMessage(t *testing.T) {
	cause := &fs.PathError{Op: "stat", Path: "/srv/blobs/uploads/x/input", Err: fs.ErrNotExist}
	for _, tc := range []struct {
		err  error
		code fault.Code
		msg  string
	}{
		{nil, "", ""},
		{errors.New("badger: closed"), fault.Internal, "The server failed; the failure is logged."},
		{fault.New(fault.InvalidRegion, "region %q is unknown.", "Atlantis"), fault.InvalidRegion, `region "Atlantis" is unknown.`},
		{fmt.Errorf("jobs: submit: %w", fault.Wrap(cause, fault.FileNotFound, "The output is gone.")), fault.FileNotFound, "The output is gone."},
	} {
		if got := fault.CodeOf(tc.err); got != tc.code {
			t.Errorf("CodeOf(%v) = %q, want %q", tc.err, got, tc.code)
		}
		if tc.err == nil {
			continue
		}
		if got := fault.MessageOf(tc.err); got != tc.msg {
			t.Errorf("MessageOf(%v) = %q, want %q", tc.err, got, tc.msg)
		}
	}
	// compared by code, whatever the message; the cause stays reachable
	err := fmt.Errorf("wrapped: %w", fault.Wrap(cause, fault.NoRecords, "Nothing to read."))
	if !errors.Is(err, errNoRecords) || errors.Is(err, fault.New(fault.Busy, "")) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("errors.Is on %v: by code and cause", err)
	}
	if d := fault.Detail(err); d != "wrapped: Nothing to read." && d != "Nothing to read.: "+cause.Error() {
		t.Errorf("Detail = %q", d)
	}
}

func TestStorage(t *testing.T) {
	full := fmt.Errorf("write the output: %w", &fs.PathError{Op: "write", Path: "/tmp/x.tmp", Err: syscall.ENOSPC})
	err := fault.Storage(full, "No room to store the file.")
	if fault.CodeOf(err) != fault.InsufficientStorage || err.Error() != "No room to store the file." || !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Storage(ENOSPC) = %v (%s)", err, fault.CodeOf(err))
	}
	other := errors.New("bucket: permission denied")
	if got := fault.Storage(other, "No room."); got != other {
		t.Errorf("Storage(other) = %v, want it unchanged", got)
	}
	if fault.Storage(nil, "x") != nil {
		t.Error("Storage(nil) != nil")
	}
}

func ExampleCodeOf() {
	err := fmt.Errorf("submit: %w", fault.New(fault.InvalidRegion, "region %q is not a country the service knows.", "Atlantis"))
	fmt.Println(fault.CodeOf(err))
	fmt.Println(err.Error())
	fmt.Println(fault.MessageOf(err))
	// Output:
	// invalid_region
	// submit: region "Atlantis" is not a country the service knows.
	// region "Atlantis" is not a country the service knows.
}
