package io.informer4j.examples.springboot;

import io.informer4j.controller.Result;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.spring.ControllerDefinition;
import io.informer4j.spring.EtcdTypesCustomizer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The widgets controller: widgets live in etcd under {@code /widgets/<namespace>/<name>}; each change
 * of an allowed namespace's widget is reconciled by reading it from the cache.
 */
@Configuration(proxyBeanMethods = false)
public class WidgetControllerConfiguration {

  /** The widgets: stored as JSON, read as {@code EtcdObject<Widget>}. */
  public static final ObjectType<EtcdObject<Widget>> WIDGETS =
      EtcdObject.type(TypeKey.of("examples.informer4j.io", "v1", "Widget"), EtcdObject.adapter());

  private static final Logger log = LoggerFactory.getLogger(WidgetControllerConfiguration.class);

  /** What the controller saw, newest last, for anyone who wants to look (the test does). */
  @Bean
  List<String> reconciledWidgets() {
    return new CopyOnWriteArrayList<>();
  }

  /** Adds the widgets to the etcd backend's catalog. */
  @Bean
  EtcdTypesCustomizer widgetTypes() {
    return types -> types.json(WIDGETS, KeyLayout.namespaced("/widgets/"), Widget.class);
  }

  /** The controller: workers and namespaces come from application.yaml ({@code informer4j.controllers.widgets}). */
  @Bean
  ControllerDefinition<EtcdObject<Widget>> widgets(Manager manager, List<String> reconciledWidgets) {
    CacheReader<EtcdObject<Widget>> cache = manager.cache().reader(WIDGETS);
    return ControllerDefinition.of("widgets", WIDGETS, key -> {
      String seen = cache.find(key).map(widget -> key + " is " + widget.value().color()).orElse("deleted " + key);
      log.info("reconciled: {}", seen);
      reconciledWidgets.add(seen);
      return Result.done();
    });
  }
}
