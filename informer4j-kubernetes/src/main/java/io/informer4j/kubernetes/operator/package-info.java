/**
 * Helpers for Kubernetes operators built on the manager, as controller-runtime and the Java Operator
 * SDK give them: controller owner references, the {@link io.informer4j.kubernetes.operator.Owners#forOwner
 * owner mapping} and the {@link io.informer4j.kubernetes.operator.OwnerIndex owner index};
 * {@link io.informer4j.kubernetes.operator.FinalizingReconciler finalizers} with cleanup;
 * {@link io.informer4j.kubernetes.operator.StatusUpdater status updates} with resourceVersion
 * preconditions, bounded conflict retries and skipped no-op writes; and an
 * {@link io.informer4j.kubernetes.operator.EventRecorder event recorder} writing aggregated,
 * rate-limited {@code events.k8s.io/v1} Events without blocking.
 *
 * <p>Every write goes through {@link io.informer4j.kubernetes.operator.OperatorWrites}, which
 * returns the server's answer and tells an optional listener the resourceVersion of each write.
 * Errors are typed: {@link io.informer4j.kubernetes.operator.OperatorException} and its subclasses.
 */
package io.informer4j.kubernetes.operator;
