/**
 * The {@code informer4j} command-line program: {@code informer4j demo} (a simulated workload) and
 * {@code informer4j watch} (a real Kubernetes cluster or etcd), with their options, logging and
 * redaction of credentials in output. A program, not a library: nothing here is API.
 */
package io.informer4j.cli;
