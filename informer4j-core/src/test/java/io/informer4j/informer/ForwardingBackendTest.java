package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.Backend;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A wrapper built on {@link ForwardingBackend} loses nothing of the backend it wraps: every instance
 * method of {@link Backend} and {@link RuntimeBackend} — the defaulted ones included, and any added
 * later — is overridden by {@code ForwardingBackend} and reaches the delegate's same method.
 */
class ForwardingBackendTest {

  private static List<Method> backendMethods() {
    return Stream.of(RuntimeBackend.class.getMethods()).filter(m -> !Modifier.isStatic(m.getModifiers()))
        .filter(m -> m.getDeclaringClass() != Object.class).toList();
  }

  private static Object argumentFor(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type.isPrimitive()) {
      return 0;
    }
    return null;
  }

  @Test
  void everyMethodOfTheBackendInterfacesIsOverridden() throws NoSuchMethodException {
    assertThat(backendMethods()).hasSizeGreaterThanOrEqualTo(9);
    for (Method method : backendMethods()) {
      Method forwarding = ForwardingBackend.class.getMethod(method.getName(), method.getParameterTypes());
      assertThat(forwarding.getDeclaringClass()).as("%s is overridden by ForwardingBackend", method)
          .isEqualTo(ForwardingBackend.class);
    }
  }

  @Test
  void everyMethodReachesTheSameMethodOfTheDelegate() throws Exception {
    List<String> reached = new ArrayList<>();
    RuntimeBackend delegate = (RuntimeBackend) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {RuntimeBackend.class}, (proxy, method, args) -> {
          reached.add(method.getName() + Arrays.toString(method.getParameterTypes()));
          return argumentFor(method.getReturnType());
        });
    ForwardingBackend forwarding = new ForwardingBackend(delegate);
    for (Method method : backendMethods()) {
      reached.clear();
      Object[] args = Stream.of(method.getParameterTypes()).map(ForwardingBackendTest::argumentFor).toArray();
      method.invoke(forwarding, args);
      assertThat(reached).as("calls reaching the delegate from %s", method)
          .containsExactly(method.getName() + Arrays.toString(method.getParameterTypes()));
    }
  }
}
