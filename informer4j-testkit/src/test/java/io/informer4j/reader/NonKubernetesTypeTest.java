package io.informer4j.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plain Java record from a service that is not Kubernetes, with its own adapter and its own
 * {@code ListerWatcher}, served through {@link Backend#of}, cached and read end to end through an
 * {@link InformersMap}.
 */
class NonKubernetesTypeTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final TypeKey STOCK = TypeKey.of("inventory.example.com", "v1", "StockItem");
  private static final ObjectType<StockItem> ITEMS = ObjectType.of(STOCK, StockItem.class, StockItem.ADAPTER);

  private final InventoryService inventory = new InventoryService();
  private final SimpleTypeRegistry registry = new SimpleTypeRegistry().register(STOCK, Scope.NAMESPACED, StockItem.class);
  private final InformersMap cache = InformersMap.builder(Backend.of(registry, type -> {
    if (!type.equals(ITEMS)) {
      throw new UnknownTypeException(type + " (the inventory service only serves " + ITEMS + ")");
    }
    return inventory.listerWatcher();
  })).build();

  @AfterEach
  void tearDown() throws InterruptedException {
    assertThat(cache.stop(WAIT)).isTrue();
  }

  private static StockItem item(String warehouse, String sku, String category, Map<String, String> tags) {
    return new StockItem(warehouse, sku, 0, tags, category, 10);
  }

  @Test
  void aRecordFromAnotherApiIsCachedIndexedAndKeptInStep() {
    inventory.put(item("berlin", "sku-1", "tools", Map.of("brand", "acme")));
    inventory.put(item("berlin", "sku-2", "garden", Map.of("brand", "acme")));
    inventory.put(item("paris", "sku-1", "tools", Map.of("brand", "other")));
    cache.indexField(ITEMS, "category", item -> List.of(item.category()));
    cache.start();
    CacheReader<StockItem> stock = cache.reader(ITEMS);

    assertThat(stock.get(ObjectKey.of("paris", "sku-1")).tags()).containsEntry("brand", "other");
    assertThat(stock.list(ListOptions.inNamespace("berlin")).items()).extracting(StockItem::sku)
        .containsExactly("sku-1", "sku-2");
    assertThat(stock.list(ListOptions.all().withLabels(LabelSelector.parse("brand=acme"))).items())
        .extracting(StockItem::sku).containsExactly("sku-1", "sku-2");
    assertThat(stock.list(ListOptions.all().withFields(FieldSelector.equal("category", "tools"))).items())
        .extracting(item -> item.warehouse() + "/" + item.sku()).containsExactly("berlin/sku-1", "paris/sku-1");

    StockItem updated = inventory.put(stock.get(ObjectKey.of("berlin", "sku-2")).withQuantity(3));
    inventory.remove("paris", "sku-1");
    await().until(() -> stock.get(ObjectKey.of("berlin", "sku-2")).quantity() == 3);
    await().untilAsserted(() -> assertThatThrownBy(() -> stock.get(ObjectKey.of("paris", "sku-1")))
        .isInstanceOf(NotFoundException.class)
        .hasMessage("StockItem.inventory.example.com \"sku-1\" not found"));
    assertThat(stock.list(ListOptions.all()).resourceVersion()).isEqualTo(Long.toString(updated.version() + 1));
  }

  @Test
  void handlersHearTheServicesChangesAndRemovalClosesTheWatch() throws InterruptedException {
    inventory.put(item("berlin", "sku-1", "tools", Map.of()));
    List<MapEntry<StockItem>> informers = cache.informersOf(ITEMS, false);
    assertThat(informers).hasSize(1);
    List<String> events = new CopyOnWriteArrayList<>();
    informers.get(0).informer().addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(StockItem item, boolean inInitialList) {
        events.add("add " + item.warehouse() + "/" + item.sku() + (inInitialList ? " initial" : ""));
      }

      @Override
      public void onUpdate(StockItem oldItem, StockItem newItem) {
        events.add("update " + newItem.warehouse() + "/" + newItem.sku());
      }

      @Override
      public void onDelete(StockItem lastState, boolean finalStateUnknown) {
        events.add("delete " + lastState.warehouse() + "/" + lastState.sku());
      }
    }, HandlerOptions.named("recorder"));
    cache.start();
    assertThat(cache.waitForCacheSync(WAIT)).isTrue();

    inventory.put(item("berlin", "sku-2", "tools", Map.of()));
    inventory.remove("berlin", "sku-1");
    await().until(() -> events.size() == 3);
    assertThat(events).containsExactly("add berlin/sku-1 initial", "add berlin/sku-2", "delete berlin/sku-1");
    assertThat(inventory.openWatches()).isEqualTo(1);

    assertThat(cache.remove(ITEMS, Selection.all())).isPresent();
    await().until(() -> inventory.openWatches() == 0);
  }
}
