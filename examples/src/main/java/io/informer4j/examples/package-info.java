/**
 * Runnable examples: the README quick start, a Kubernetes namespace controller and an etcd widget
 * controller, each a {@link io.informer4j.manager.Manager} with a controller that reads through a
 * {@link io.informer4j.reader.CacheReader}. Examples, not API.
 */
package io.informer4j.examples;
