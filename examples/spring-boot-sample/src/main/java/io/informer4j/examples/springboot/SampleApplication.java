package io.informer4j.examples.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application whose only code is a controller ({@link WidgetControllerConfiguration});
 * informer4j-spring-boot-starter builds the manager from application.yaml, serves
 * {@code /actuator/health} (with the {@code liveness} and {@code readiness} groups) and
 * {@code /actuator/katalog}, and stops everything with the application.
 *
 * <pre>{@code
 * etcd &   # or set informer4j.etcd.endpoints
 * java -jar informer4j-spring-boot-sample.jar
 * etcdctl put /widgets/shop/w1 '{"color":"red"}'
 * curl localhost:8080/actuator/health/readiness
 * }</pre>
 */
@SpringBootApplication
public class SampleApplication {

  /** Runs the application until it is stopped (Ctrl-C, SIGTERM). */
  public static void main(String[] args) {
    SpringApplication.run(SampleApplication.class, args);
  }
}
