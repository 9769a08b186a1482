package io.informer4j.spring.test;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs an {@code informer4j-kubernetes-testserver} server for the application context of a Spring
 * test ({@code @SpringBootTest}, or any Spring TestContext test) and points the starter's Kubernetes
 * backend at it: the server is started before the context, and its kubeconfig becomes
 * {@code informer4j.kubernetes.kubeconfig}, above every other property source. The server is the
 * context's bean {@code informer4jKubernetesTestServer} (inject a {@code KubernetesTestServer} to
 * write objects, break watches or read requests) and is closed, its kubeconfig deleted, after the
 * manager stopped with the context.
 *
 * <p>A server lives as long as its context: tests that share a cached context (same configuration,
 * same attributes here) share its server and its objects. Use {@code @DirtiesContext} for a fresh
 * one.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureKubernetesTestServer(serve = ConfigMap.class, namespaces = "shop")
 * class FlagsApplicationTest {
 *   @Autowired KubernetesTestServer server;
 *   ...
 * }
 * }</pre>
 *
 * <p>The attributes are those of the JUnit extension's {@code @EnableKubernetesTestServer}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface AutoConfigureKubernetesTestServer {

  /** Built-in types to serve, as fabric8 model classes (Namespaces, CRDs and Events always are). */
  Class<? extends HasMetadata>[] serve() default {};

  /**
   * Namespaces to create before the context starts, besides those a cluster starts with
   * ({@code default}, {@code kube-system}, {@code kube-public}, {@code kube-node-lease}): objects are
   * created only in Namespaces that exist, as on a cluster.
   */
  String[] namespaces() default {};

  /**
   * Classpath resources holding CustomResourceDefinitions (YAML or JSON, one per resource) to create,
   * each established before the context starts.
   */
  String[] crds() default {};

  /**
   * Custom resource classes (fabric8 {@code CustomResource}s with {@code @Group}, {@code @Version},
   * {@code @Kind} and {@code @Plural}) whose CRDs are created before the context starts, with a
   * schema that keeps any field and the status subresource.
   */
  Class<? extends HasMetadata>[] customResources() default {};
}
