package io.informer4j.examples;

import io.etcd.jetcd.Client;
import io.informer4j.controller.Result;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import java.util.List;
import java.util.function.Consumer;

/**
 * A controller of {@link Widget}s stored as JSON in etcd under {@code <prefix>/<namespace>/<name>}:
 * changes of the allowed namespaces are reconciled by reading the widget from the cache.
 *
 * <pre>{@code
 * java -cp ... io.informer4j.examples.EtcdWidgetController http://127.0.0.1:2379 /widgets shop
 * }</pre>
 */
public final class EtcdWidgetController {

  /** The widgets: stored as JSON, read as {@code EtcdObject<Widget>}. */
  public static final ObjectType<EtcdObject<Widget>> WIDGETS =
      EtcdObject.type(TypeKey.of("examples.informer4j.io", "v1", "Widget"), EtcdObject.adapter());

  private EtcdWidgetController() {
  }

  /**
   * Starts a manager with the controller; returns it running (close it to stop).
   *
   * @param client     the etcd client (stays the caller's)
   * @param prefix     the key prefix of the widgets
   * @param namespaces the namespaces (patterns) whose widgets are reconciled
   * @param reconciled told what each reconcile saw
   */
  public static Manager start(Client client, String prefix, List<String> namespaces, Consumer<String> reconciled) {
    EtcdTypes etcd = EtcdTypes.builder(client).json(WIDGETS, KeyLayout.namespaced(prefix), Widget.class).build();
    Manager manager = Manager.builder(etcd).build();
    CacheReader<EtcdObject<Widget>> cache = manager.cache().reader(WIDGETS);
    manager.controller("widgets", WIDGETS).namespaces(NamespaceFilter.of(namespaces, List.of()))
        .reconcile(key -> {
          reconciled.accept(cache.find(key).map(widget -> key + " is " + widget.value().color()).orElse("deleted " + key));
          return Result.done();
        });
    manager.start();
    return manager;
  }

  /** Runs against {@code args[0]} (endpoint), {@code args[1]} (prefix), namespaces after; until Ctrl-C. */
  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: EtcdWidgetController <endpoint> <prefix> <namespace>...");
      System.exit(2);
    }
    try (Client client = EtcdClients.connect(args[0]);
         Manager manager = start(client, args[1], List.of(args).subList(2, args.length), System.out::println)) {
      manager.run();
    }
  }
}
