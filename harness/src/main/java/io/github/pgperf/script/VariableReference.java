package io.github.pgperf.script;

/** A {@code :name} reference to a client's variable. */
record VariableReference(String name) implements Expression {}
