package io.informer4j.etcd.testing;

import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.JsonCodec;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import java.util.Map;

/**
 * A test value stored as JSON: labels and a colour (field {@code spec.color}).
 *
 * @param labels the labels
 * @param color  the colour
 */
public record Widget(Map<String, String> labels, String color) {

  /** The JSON codec for widgets. */
  public static final JsonCodec<Widget> CODEC = JsonCodec.of(Widget.class);

  /** The adapter of stored widgets: labels, and {@code spec.color} as a field. */
  public static final ObjectAdapter<EtcdObject<Widget>> ADAPTER =
      EtcdObject.adapter(Widget::labels, (widget, path) -> "spec.color".equals(path) ? widget.color() : null);

  /** Returns the widgets stored as {@code key}, read with {@link #ADAPTER}. */
  public static ObjectType<EtcdObject<Widget>> type(TypeKey key) {
    return EtcdObject.type(key, ADAPTER);
  }

  /** Returns a widget with labels and no colour. */
  public static Widget labelled(Map<String, String> labels) {
    return new Widget(labels, "none");
  }
}
