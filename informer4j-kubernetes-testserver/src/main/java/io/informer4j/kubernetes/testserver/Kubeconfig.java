package io.informer4j.kubernetes.testserver;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code java.nio.file.Path} parameter or field to receive the kubeconfig file of the
 * {@link EnableKubernetesTestServer} server (written to a temporary directory, deleted after use).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.FIELD})
public @interface Kubeconfig {
}
