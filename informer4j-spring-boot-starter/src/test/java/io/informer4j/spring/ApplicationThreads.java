package io.informer4j.spring;

import java.util.List;

/**
 * The live threads informer4j names as its own ({@code informer4j-…}), less the etcd backend's
 * JVM-wide shared daemons ({@code EtcdThreads}: one timer, and a pool that ends after 30 s idle),
 * which no manager owns and which outlive every application by design.
 */
final class ApplicationThreads {

  private static final List<String> JVM_WIDE = List.of("informer4j-etcd-timer-", "informer4j-etcd-initial-");

  private ApplicationThreads() {
  }

  /** Returns the names of live threads an informer4j manager or backend started and still owns. */
  static List<String> ofInformer4j() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
        .filter(name -> name.startsWith("informer4j-")).filter(name -> JVM_WIDE.stream().noneMatch(name::startsWith))
        .sorted().toList();
  }
}
