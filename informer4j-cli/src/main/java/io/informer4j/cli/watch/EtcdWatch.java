package io.informer4j.cli.watch;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.informer4j.cli.CliException;
import io.informer4j.cli.run.WatchedType;
import io.informer4j.etcd.EtcdListerWatcher;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.JsonCodec;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.factory.GenericClient;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.source.Selection;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/**
 * Prepares {@code informer4j watch} over etcd: the JSON values under a key prefix
 * ({@code <prefix>/<namespace>/<name>}, or {@code <prefix>/<name>} when cluster-scoped), checked by a
 * first list, in a factory with one informer under the namespace rules.
 */
public final class EtcdWatch {

  /** The type the watched keys are shown as. */
  public static final TypeKey TYPE = TypeKey.of("etcd.informer4j.io", "v1", "Key");
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

  private EtcdWatch() {
  }

  /**
   * Connects and checks; blocks for one list request.
   *
   * @param access        how to reach etcd
   * @param prefix        the key prefix ({@code /registry/widgets/})
   * @param clusterScoped whether keys are {@code <prefix>/<name>} rather than {@code <prefix>/<namespace>/<name>}
   * @param filter        the namespace rules
   * @throws CliException when the endpoint, TLS files or prefix are invalid, etcd cannot be reached or
   *                      rejects the credentials, or the rules do not fit the layout
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static WatchTarget prepare(EtcdAccess access, String prefix, boolean clusterScoped, NamespaceFilter filter,
                                    QueueRegistry queues, MeterRegistry meters) {
    if (clusterScoped && filter.isActive()) {
      throw new CliException("--cluster-scoped keys have no namespace: --namespace, --allowed and --restricted"
          + " do not apply", 2, null);
    }
    KeyLayout layout;
    try {
      layout = clusterScoped ? KeyLayout.clusterScoped(prefix) : KeyLayout.namespaced(prefix);
    } catch (IllegalArgumentException e) {
      throw new CliException("invalid etcd settings (--prefix " + prefix + "): " + e.getMessage(), 2, e);
    }
    Client client = access.connect();
    try {
      ObjectAdapter<EtcdObject<JsonNode>> adapter = EtcdObject.adapter();
      EtcdListerWatcher<EtcdObject<JsonNode>> source = EtcdListerWatcher
          .builder(client, layout, JsonCodec.of(JsonNode.class), adapter).requestTimeout(REQUEST_TIMEOUT).build();
      String server = "etcd at " + access.shown();
      Selection selection = filter.isSingleNamespace() ? Selection.inNamespace(filter.singleNamespace()) : Selection.all();
      Preflight.check(source, selection, server, "keys under " + layout.prefix() + "/");
      Class<EtcdObject<JsonNode>> objectClass = (Class) EtcdObject.class;
      SharedInformerFactory factory = SharedInformerFactory.builder(
              new SingleTypeClients(TYPE, objectClass, new GenericClient<>(source, adapter)),
              new SimpleTypeRegistry().register(TYPE, clusterScoped ? Scope.CLUSTER : Scope.NAMESPACED), queues)
          .meterRegistry(meters).build();
      WatchedType watched = new WatchedType(TYPE, layout.prefix() + "/", filter);
      factory.informerFor(TYPE, objectClass, InformerOptions.builder().name(watched.name()).namespaceFilter(filter).build());
      return new WatchTarget(factory, watched, "  watching JSON values under " + layout.prefix() + "/ on " + server, client);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }
}
