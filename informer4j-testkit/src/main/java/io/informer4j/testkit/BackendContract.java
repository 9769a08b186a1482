package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.cache.IndexFunction;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.source.Backend;
import io.informer4j.source.TypePresence;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link Backend} must pass, as an abstract JUnit 5 test: extend it in a backend's
 * tests (the simulated API, Kubernetes, etcd) and implement the hooks. Beyond what
 * {@link ListerWatcherContract} checks of each source, it checks that the backend knows the type
 * under test, refuses representations it cannot serve, and that the same controller-side code —
 * an {@link InformersMap} with a shared informer factory over it, reading through a
 * {@link CacheReader} with a label selector and a field index — sees creates, updates and deletes,
 * and that registering the type from the factory and reading it from the map share one informer:
 * one initial sync (a list, or a watch-list stream) and one watch on the wire, whichever way the
 * backend's informers sync.
 *
 * <p>Each test starts from a backend holding no object of the type under test. Hooks:
 * {@link #backend()}, {@link #type()}, {@link #create}, {@link #update}, {@link #delete},
 * {@link #colorField()}, {@link #colorOf}, {@link #requests()}; optionally {@link #namespace()}.
 *
 * @param <T> the object type
 */
public abstract class BackendContract<T> {

  private static final Duration WAIT = Duration.ofSeconds(20);

  private InformerRuntime runtime;
  private InformersMap map;
  private QueueRegistry queues;

  /** Returns the backend under test. */
  protected abstract Backend backend();

  /** Returns the namespaced type under test, as the backend hands it out. */
  protected abstract ObjectType<T> type();

  /** Creates an object with these labels and this color in the backend; returns once stored. */
  protected abstract void create(String namespace, String name, Map<String, String> labels, String color);

  /** Replaces the labels and color of an existing object; returns once stored. */
  protected abstract void update(String namespace, String name, Map<String, String> labels, String color);

  /** Deletes an object; returns once deleted. */
  protected abstract void delete(String namespace, String name);

  /** Returns the field path of the objects' color, as written in a field selector. */
  protected abstract String colorField();

  /** Returns an object's color. */
  protected abstract String colorOf(T object);

  /**
   * Returns every list and watch request the server has received for the type under test so far,
   * oldest first: from the server's own log where it keeps one ({@link SimulatedApi#requests()}),
   * else as a {@link RecordingBackend} around the backend under test recorded them.
   */
  protected abstract List<RecordedRequest> requests();

  /** Returns the namespace objects go to. Default: {@code contract}. */
  protected String namespace() {
    return "contract";
  }

  @BeforeEach
  void buildMap() {
    runtime = InformerRuntime.create("backend-contract");
    map = InformersMap.builder(backend()).runtime(runtime).build();
    queues = QueueRegistry.builder().build();
  }

  @AfterEach
  void closeMap() throws InterruptedException {
    map.stop(Duration.ofSeconds(10));
    queues.shutdownAll();
    runtime.stop(Duration.ofSeconds(10));
  }

  @Test
  public void knowsTheTypeItServes() {
    Backend backend = backend();
    assertThat(backend.types().scope(type().key())).contains(Scope.NAMESPACED);
    assertThat(backend.presence(type().key()).kind()).isEqualTo(TypePresence.Kind.PRESENT);
    assertThat(backend.listerWatcher(type())).isNotNull();
    assertThat(backend.description()).isNotBlank();
  }

  @Test
  public void refusesARepresentationItCannotServe() {
    ObjectType<String> foreign = ObjectType.of(type().key(), "foreign", String.class,
        ObjectAdapter.builder((String s) -> "", (String s) -> s).build());
    assertThatThrownBy(() -> backend().listerWatcher(foreign)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining(String.class.getName());
  }

  @Test
  public void aReaderWithALabelSelectorAndAFieldIndexSeesCreatesUpdatesAndDeletesOverOneSyncAndOneWatch()
      throws InterruptedException {
    int before = requests().size();
    SharedInformerFactory factory = SharedInformerFactory.builder(map, queues).build();
    SharedIndexInformer<T> registered = factory.informerFor(type(), InformerOptions.defaults());
    Function<T, List<String>> color = object -> List.of(colorOf(object));
    IndexFunction<T> byColor = color::apply;
    map.indexField(type(), colorField(), byColor);
    CacheReader<T> reader = map.reader(type());
    create(namespace(), "red-web", Map.of("app", "web"), "red");
    create(namespace(), "blue-web", Map.of("app", "web"), "blue");
    create(namespace(), "red-db", Map.of("app", "db"), "red");
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(map.get(type(), WAIT).informer()).isSameAs(registered);

    ListOptions redWeb = ListOptions.inNamespace(namespace()).withLabels(LabelSelector.parse("app=web"))
        .withFields(FieldSelector.parse(colorField() + "=red"));
    assertThat(names(reader, redWeb)).containsExactly("red-web");

    update(namespace(), "blue-web", Map.of("app", "web"), "red");
    create(namespace(), "red-web-2", Map.of("app", "web"), "red");
    delete(namespace(), "red-web");
    await().atMost(WAIT).untilAsserted(() -> assertThat(names(reader, redWeb)).containsExactly("blue-web", "red-web-2"));

    List<RecordedRequest> sent = requests();
    sent = sent.subList(before, sent.size());
    assertThat(sent.stream().filter(RecordedRequest::isInitialSync).count())
        .as("initial syncs (a list, or a watch-list stream) on the wire: %s", sent).isEqualTo(1);
    assertThat(sent.stream().filter(RecordedRequest::isWatch).count()).as("watches on the wire: %s", sent).isEqualTo(1);
    assertThat(map.entries()).hasSize(1);
  }

  private List<String> names(CacheReader<T> reader, ListOptions options) {
    ObjectAdapter<T> adapter = type().adapter();
    return reader.list(options).items().stream().map(adapter::name).toList();
  }
}
