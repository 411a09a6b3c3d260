# cascade: make test is what CI runs (.ci/run); make bench and make fuzz
# measure and search.

GO       ?= go
FUZZTIME ?= 60s
BENCH    ?= .

.PHONY: all test vet build bench fuzz

all: test

# The planted-bug self-test runs on its own, verbosely, so that make test
# can show how many cases each planted bug needed; its status still counts.
PLANTED = ^TestPlantedVariantsAreCaught$$

test: vet
	$(GO) test -skip '$(PLANTED)' ./...
	@log=$$(mktemp); \
	$(GO) test -count=1 -run '$(PLANTED)' -v ./fuzz/ >$$log 2>&1; status=$$?; \
	if [ $$status -ne 0 ]; then cat $$log; rm -f $$log; exit $$status; fi; \
	echo "planted bugs (fuzz/planted_test.go), cases each needed before it was caught:"; \
	sed -n '/cases needed to catch/,/^---/p' $$log | grep -v '^---'; \
	rm -f $$log

vet:
	$(GO) vet ./...

build:
	$(GO) build -o cascade ./cmd/cascade

bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem ./engine/ ./conformance/ ./cmd/cascade/

# Every native fuzz target, one after another, FUZZTIME each.
fuzz:
	@set -e; for t in $$($(GO) test -list '^Fuzz' ./fuzz/ | grep '^Fuzz'); do \
		echo "== $$t ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) ./fuzz/; \
	done
