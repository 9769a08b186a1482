package io.informer4j.testing;

import io.informer4j.meta.ObjectAdapter;
import java.util.HashMap;
import java.util.Map;

/** A tiny immutable object type for core tests. */
public record Item(String namespace, String name, String resourceVersion, Map<String, String> labels, String data) {

  /** Reads an {@link Item}'s identity; deep copy returns the same immutable instance. */
  public static final ObjectAdapter<Item> ADAPTER = ObjectAdapter.builder(Item::namespace, Item::name)
      .resourceVersion(Item::resourceVersion)
      .labels(Item::labels)
      .fields((item, path) -> path.equals("data") ? item.data() : null)
      .build();

  /** Reads {@link Item}s like {@link #ADAPTER}, but its deep copy is a new Item with its own label map. */
  public static final ObjectAdapter<Item> COPYING_ADAPTER = ObjectAdapter.builder(Item::namespace, Item::name)
      .resourceVersion(Item::resourceVersion)
      .labels(Item::labels)
      .fields((item, path) -> path.equals("data") ? item.data() : null)
      .deepCopy(item -> new Item(item.namespace(), item.name(), item.resourceVersion(), new HashMap<>(item.labels()),
          item.data()))
      .build();

  public static Item of(String namespace, String name, String resourceVersion) {
    return new Item(namespace, name, resourceVersion, Map.of(), "");
  }

  public Item withVersion(String resourceVersion) {
    return new Item(namespace, name, resourceVersion, labels, data);
  }

  public Item withData(String newData) {
    return new Item(namespace, name, resourceVersion, labels, newData);
  }

  public Item withLabels(Map<String, String> newLabels) {
    return new Item(namespace, name, resourceVersion, newLabels, data);
  }

  public String key() {
    return ADAPTER.key(this);
  }
}
