def classify(t): pass
