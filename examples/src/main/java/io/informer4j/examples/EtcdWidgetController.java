package io.informer4j.examples;

import io.etcd.jetcd.Client;
import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.etcd.EtcdListerWatcher;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.JsonCodec;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.factory.ClientProvider;
import io.informer4j.factory.GenericClient;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * A namespace-filtered controller against etcd: it caches the {@link Widget}s stored as JSON under
 * {@code <prefix>/<namespace>/<name>}, routes changes of the allowed namespaces to a queue and
 * reconciles each by reading the widget from the cache.
 *
 * <pre>{@code
 * java -cp ... io.informer4j.examples.EtcdWidgetController http://127.0.0.1:2379 /widgets shop
 * }</pre>
 *
 * <p>Thread-safe; {@link #close()} stops everything (the jetcd client stays the caller's).
 */
public final class EtcdWidgetController implements AutoCloseable {

  private static final TypeKey WIDGETS = TypeKey.of("examples.informer4j.io", "v1", "Widget");

  private final QueueRegistry queues = QueueRegistry.builder().build();
  private final SharedInformerFactory factory;
  private final Controller<QueueItem> controller;

  @SuppressWarnings({"unchecked", "rawtypes"})
  private EtcdWidgetController(Client client, String prefix, List<String> namespaces, Consumer<String> reconciled) {
    ObjectAdapter<EtcdObject<Widget>> adapter = EtcdObject.adapter();
    EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(client, KeyLayout.namespaced(prefix),
        JsonCodec.of(Widget.class), adapter).build();
    factory = SharedInformerFactory.builder(explicitSourcesOnly(), new SimpleTypeRegistry().register(WIDGETS, Scope.NAMESPACED),
        queues).build();
    SharedIndexInformer<EtcdObject<Widget>> informer = factory.informerFor(source, adapter, WIDGETS,
        (Class) EtcdObject.class, InformerOptions.builder().namespaceFilter(NamespaceFilter.of(namespaces, List.of())).build());
    controller = Controller.builder("widgets", (QueueItem item) -> {
      EtcdObject<Widget> widget = informer.indexer().get(item.key().toString());
      reconciled.accept(widget == null ? "deleted " + item.key() : item.key() + " is " + widget.value().color());
      return Result.done();
    }).queue(queues.register(WIDGETS, 0)).waitFor("widgets synced", factory.synced(WIDGETS)).build();
  }

  /** The factory is given its one source explicitly, so its client provider serves nothing. */
  private static ClientProvider explicitSourcesOnly() {
    return new ClientProvider() {
      @Override
      public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
        throw new UnknownTypeException(type + " (this example registers its etcd source explicitly)");
      }
    };
  }

  /**
   * Starts the controller; returns once the cache has synced.
   *
   * @param client     the etcd client
   * @param prefix     the key prefix of the widgets
   * @param namespaces the namespaces (patterns) whose widgets are reconciled
   * @param reconciled told what each reconcile saw
   */
  public static EtcdWidgetController start(Client client, String prefix, List<String> namespaces,
                                           Consumer<String> reconciled) {
    EtcdWidgetController running = new EtcdWidgetController(client, prefix, namespaces, reconciled);
    running.factory.start();
    running.controller.start();
    return running;
  }

  /** Runs against {@code args[0]} (endpoint), {@code args[1]} (prefix), namespaces after; until Ctrl-C. */
  @SuppressWarnings("try")
  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: EtcdWidgetController <endpoint> <prefix> <namespace>...");
      System.exit(2);
    }
    CountDownLatch interrupted = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(interrupted::countDown));
    try (Client client = EtcdClients.connect(args[0]);
         EtcdWidgetController ignored = start(client, args[1], List.of(args).subList(2, args.length), System.out::println)) {
      interrupted.await();
    }
  }

  /** Stops the controller, the factory and the queues. */
  @Override
  public void close() {
    controller.stop();
    factory.close();
    queues.close();
  }
}
