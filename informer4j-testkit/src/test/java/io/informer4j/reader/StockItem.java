package io.informer4j.reader;

import io.informer4j.meta.ObjectAdapter;
import java.util.Map;

/**
 * A non-Kubernetes object: a stock line of a warehouse inventory service. Immutable.
 *
 * @param warehouse the warehouse (plays the namespace)
 * @param sku       the article number (plays the name)
 * @param version   the service's change counter when last written
 * @param tags      free-form tags (play the labels)
 * @param category  the article category, selectable as field {@code category}
 * @param quantity  units in stock
 */
record StockItem(String warehouse, String sku, long version, Map<String, String> tags, String category, int quantity) {

  /** Reads a stock item's identity; the record is immutable, so a deep copy is the item itself. */
  static final ObjectAdapter<StockItem> ADAPTER = ObjectAdapter.builder(StockItem::warehouse, StockItem::sku)
      .resourceVersion(item -> Long.toString(item.version()))
      .labels(StockItem::tags)
      .fields((item, path) -> path.equals("category") ? item.category() : null)
      .build();

  StockItem {
    tags = Map.copyOf(tags);
  }

  StockItem withVersion(long newVersion) {
    return new StockItem(warehouse, sku, newVersion, tags, category, quantity);
  }

  StockItem withQuantity(int newQuantity) {
    return new StockItem(warehouse, sku, version, tags, category, newQuantity);
  }
}
