package io.informer4j.examples.springboot;

/**
 * A widget as stored in etcd, as JSON.
 *
 * @param color its colour
 */
public record Widget(String color) {
}
