def check_quality(t): pass
