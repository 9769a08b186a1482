package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a {@link KubernetesTestServer} for a test class: one for the whole class, or a fresh one for
 * each test ({@link #perTest()}). Tests get, as parameters of their methods and constructors or in
 * their fields, the {@link KubernetesTestServer}, a fabric8 {@code KubernetesClient} of it (namespace
 * {@code default}), the {@code SimulatedApi} behind it, and the path of a kubeconfig file for it
 * (a {@code java.nio.file.Path} annotated {@link Kubeconfig}). With {@link #process()} the server runs
 * in a process of its own.
 *
 * <pre>{@code
 * @EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, namespaces = "shop",
 *     crds = "crds/widgets.yaml")
 * class WidgetOperatorTest {
 *   @Test
 *   void reconciles(KubernetesClient client, KubernetesTestServer server) { ... }
 * }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(KubernetesTestServerExtension.class)
public @interface EnableKubernetesTestServer {

  /** Built-in types to serve, as fabric8 model classes (Namespaces, CRDs and Events always are). */
  Class<? extends HasMetadata>[] serve() default {};

  /**
   * Namespaces to create before the tests, besides those a cluster starts with ({@code default},
   * {@code kube-system}, {@code kube-public}, {@code kube-node-lease}): objects are created only in
   * Namespaces that exist, as on a cluster.
   */
  String[] namespaces() default {};

  /**
   * Classpath resources holding CustomResourceDefinitions (YAML or JSON, one per resource) to create
   * before the tests; each is established before a test starts.
   */
  String[] crds() default {};

  /**
   * Custom resource classes (fabric8 {@code CustomResource}s with {@code @Group}, {@code @Version},
   * {@code @Kind} and {@code @Plural}) whose CRDs are created before the tests, with a schema that
   * keeps any field and the status subresource.
   */
  Class<? extends HasMetadata>[] customResources() default {};

  /** True for a fresh server (and client and kubeconfig) for each test; false for one per class. */
  boolean perTest() default false;

  /**
   * True to run the server as a separate process ({@link TestServerProcess}, on the test's classpath)
   * instead of in the test's JVM: tests then get a {@code KubernetesClient}, the kubeconfig and the
   * {@link TestServerProcess}, not the {@link KubernetesTestServer} or its {@code SimulatedApi}.
   */
  boolean process() default false;

}
