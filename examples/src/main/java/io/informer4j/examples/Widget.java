package io.informer4j.examples;

/**
 * The value the etcd example stores as JSON under {@code <prefix>/<namespace>/<name>}.
 *
 * @param color the widget's color
 * @param size  its size
 */
public record Widget(String color, int size) {
}
