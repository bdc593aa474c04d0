package io.github.pgperf.internal.script;

/** A {@code :name} reference to a client's variable. */
record VariableReference(String name) implements Expression {}
