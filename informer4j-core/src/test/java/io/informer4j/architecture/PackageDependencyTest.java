package io.informer4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Pins the package order of informer4j-core documented in docs/ARCHITECTURE.md ("Packages and
 * their order"): each package may use only the packages below it, no package cycle exists, and
 * the informer's implementation package is used by the informer package alone.
 */
@AnalyzeClasses(packages = "io.informer4j", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageDependencyTest {

  @ArchTest
  static final ArchRule packagesDependOnlyDownwards = layeredArchitecture()
      .consideringOnlyDependenciesInLayers()
      .layer("meta").definedBy("io.informer4j.meta..")
      .layer("time").definedBy("io.informer4j.time..")
      .layer("source").definedBy("io.informer4j.source..")
      .layer("cache").definedBy("io.informer4j.cache..")
      .layer("informer").definedBy("io.informer4j.informer..")
      .layer("queue").definedBy("io.informer4j.queue..")
      .layer("controller").definedBy("io.informer4j.controller..")
      .layer("reader").definedBy("io.informer4j.reader..")
      .layer("factory").definedBy("io.informer4j.factory..")
      .layer("coordination").definedBy("io.informer4j.coordination..")
      .layer("manager").definedBy("io.informer4j.manager..")
      .layer("fleet").definedBy("io.informer4j.fleet..")
      .whereLayer("meta").mayNotAccessAnyLayer()
      .whereLayer("time").mayNotAccessAnyLayer()
      .whereLayer("source").mayOnlyAccessLayers("meta")
      .whereLayer("cache").mayOnlyAccessLayers("meta")
      .whereLayer("informer").mayOnlyAccessLayers("meta", "time", "source", "cache")
      .whereLayer("queue").mayOnlyAccessLayers("meta", "time")
      .whereLayer("controller").mayOnlyAccessLayers("meta", "time", "source", "cache", "informer", "queue")
      .whereLayer("reader").mayOnlyAccessLayers("meta", "time", "source", "cache", "informer")
      .whereLayer("factory")
      .mayOnlyAccessLayers("meta", "time", "source", "cache", "informer", "queue", "controller", "reader")
      .whereLayer("coordination")
      .mayOnlyAccessLayers("meta", "time", "source", "cache", "informer", "queue", "controller")
      .whereLayer("manager").mayOnlyAccessLayers("meta", "time", "source", "cache", "informer", "queue",
          "controller", "reader", "factory", "coordination")
      .whereLayer("fleet").mayOnlyAccessLayers("meta", "time", "source", "cache", "informer", "queue",
          "controller", "reader", "factory", "coordination", "manager");

  @ArchTest
  static final ArchRule noPackageCycles = slices().matching("io.informer4j.(*)..").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule informerInternalsStayInTheInformerPackage = noClasses().that().resideOutsideOfPackage("io.informer4j.informer..")
      .should().dependOnClassesThat().resideInAPackage("io.informer4j.informer.internal..");
}
