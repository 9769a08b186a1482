package io.informer4j.testkit;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListerWatcher;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The {@link ListerWatcherContract} run against a namespaced type of a fresh {@link SimulatedApi}. */
class SimulatedApiListerWatcherContractTest extends ListerWatcherContract<SimObject> {

  static final TypeKey TYPE_UNDER_TEST = TypeKey.of("contract.informer4j.io", "v1", "Widget");

  SimulatedApi api;

  /** Returns the scope of the type under test. */
  Scope scope() {
    return Scope.NAMESPACED;
  }

  @BeforeEach
  void startApi() {
    api = SimulatedApi.builder().type(TYPE_UNDER_TEST, scope()).build();
  }

  @AfterEach
  void closeApi() {
    api.close();
  }

  @Override
  protected ListerWatcher<SimObject> listerWatcher() {
    return api.listerWatcher(TYPE_UNDER_TEST);
  }

  @Override
  protected ObjectAdapter<SimObject> adapter() {
    return SimObject.ADAPTER;
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels) {
    api.create(TYPE_UNDER_TEST, SimObject.of(namespace, name).withLabels(labels));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels) {
    api.update(TYPE_UNDER_TEST, SimObject.of(namespace, name).withLabels(labels));
  }

  @Override
  protected void delete(String namespace, String name) {
    api.delete(TYPE_UNDER_TEST, namespace, name);
  }

  @Override
  protected void expireHistory() {
    api.compact();
  }
}
