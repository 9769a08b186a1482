package io.informer4j.testkit;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;

/**
 * The {@link BackendContract} run against a fresh {@link SimulatedApi}: a namespaced type whose
 * objects carry their color at {@code spec.color}; requests are counted from the API's own log.
 */
class SimulatedApiBackendContractTest extends BackendContract<SimObject> {

  private static final TypeKey WIDGETS = TypeKey.of("contract.informer4j.io", "v1", "Widget");
  private static final String COLOR = "spec.color";

  /** Closed after the contract stopped its map. */
  @AutoClose
  private final SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();

  @Override
  protected Backend backend() {
    return api;
  }

  @Override
  protected ObjectType<SimObject> type() {
    return api.type(WIDGETS);
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels, String color) {
    api.create(WIDGETS, widget(namespace, name, labels, color));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels, String color) {
    api.update(WIDGETS, widget(namespace, name, labels, color));
  }

  private static SimObject widget(String namespace, String name, Map<String, String> labels, String color) {
    return SimObject.of(namespace, name).withLabels(labels).withContentAt(COLOR, color);
  }

  @Override
  protected void delete(String namespace, String name) {
    api.delete(WIDGETS, namespace, name);
  }

  @Override
  protected String colorField() {
    return COLOR;
  }

  @Override
  protected String colorOf(SimObject object) {
    return String.valueOf(object.contentAt(COLOR));
  }

  @Override
  protected List<RecordedRequest> requests() {
    return api.requests().stream().filter(request -> request.type().equals(WIDGETS)).toList();
  }
}
