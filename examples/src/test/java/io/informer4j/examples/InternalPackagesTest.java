package io.informer4j.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * No module uses another's implementation: the classes of every informer4j module on this class path
 * (the libraries, the test server, the Spring Boot starter and these examples) are checked, one rule
 * per module with {@code internal} packages. A module's own classes may use its internals; nothing
 * else may. (informer4j-core also enforces its own with module-info. The JMH benchmarks, which measure
 * internal decoders directly, are the one module allowed to.) The operator toolkit is the Kubernetes
 * backend's public face and must not lean on its internals either.
 */
@AnalyzeClasses(packages = "io.informer4j", importOptions = ImportOption.DoNotIncludeTests.class)
class InternalPackagesTest {

  private static final String[] CORE = {"io.informer4j.cache..", "io.informer4j.controller..",
      "io.informer4j.coordination..", "io.informer4j.factory..", "io.informer4j.informer..", "io.informer4j.manager..",
      "io.informer4j.meta..", "io.informer4j.queue..", "io.informer4j.reader..", "io.informer4j.source..",
      "io.informer4j.time.."};

  @ArchTest
  static final ArchRule coreInternalsStayInCore = noClasses().that().resideOutsideOfPackages(CORE)
      .should().dependOnClassesThat().resideInAnyPackage("io.informer4j.informer.internal..",
          "io.informer4j.time.internal..");

  @ArchTest
  static final ArchRule kubernetesInternalsStayInTheKubernetesBackend = noClasses()
      .that().resideOutsideOfPackage("io.informer4j.kubernetes..")
      .or().resideInAPackage("io.informer4j.kubernetes.testserver..")
      .should().dependOnClassesThat().resideInAPackage("io.informer4j.kubernetes.internal..");

  @ArchTest
  static final ArchRule etcdInternalsStayInTheEtcdBackend = noClasses().that().resideOutsideOfPackage("io.informer4j.etcd..")
      .should().dependOnClassesThat().resideInAPackage("io.informer4j.etcd.internal..");

  @ArchTest
  static final ArchRule theOperatorToolkitNeedsNoBackendInternals = noClasses()
      .that().resideInAPackage("io.informer4j.kubernetes.operator..")
      .should().dependOnClassesThat().resideInAPackage("io.informer4j.kubernetes.internal..");
}
