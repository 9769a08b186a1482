/**
 * Controllers: {@link io.informer4j.controller.Controller} runs workers over a work queue and a
 * {@link io.informer4j.controller.Reconciler}, with controller-runtime's outcomes
 * ({@link io.informer4j.controller.Result}, {@link io.informer4j.controller.TerminalReconcileException});
 * the event side that feeds a controller's queue ({@link io.informer4j.controller.EnqueueHandler},
 * {@link io.informer4j.controller.EventPredicate}s and {@link io.informer4j.controller.Predicates},
 * {@link io.informer4j.controller.KeyMapper}, {@link io.informer4j.controller.KeyPredicate}); and the
 * reconcile-time checks ({@link io.informer4j.controller.ReconcileGate},
 * {@link io.informer4j.controller.NamespaceGuard}). Controllers, handlers and predicates are
 * thread-safe; a reconciler is called from several workers at once but never twice at once for the
 * same item. Package-private classes (workers, deadlines, metrics) are not API.
 */
package io.informer4j.controller;
