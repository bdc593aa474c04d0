# The example as a user's repository, for the bench scripts that commit changes to it (sourced, not
# run): git_ is git with a fixed author and no signing, so commits work on a machine without git
# configuration; example_repo DIR copies example-project (from the current directory, the
# repository's root) to DIR without its build output and committed baseline, makes it a git
# repository on branch main and commits it as "Ledger". The caller cds into DIR afterwards.

git_() {
  git -c user.name=pgperf-bench -c user.email=bench@pgperf.invalid -c init.defaultBranch=main \
    -c commit.gpgsign=false "$@"
}

example_repo() {
  cp -r example-project "$1"
  rm -rf "$1/target" "$1/src/test/pgperf/baseline"
  printf 'target/\n' > "$1/.gitignore"
  git_ -C "$1" init -q
  git_ -C "$1" add -A
  git_ -C "$1" commit -q -m 'Ledger'
}
